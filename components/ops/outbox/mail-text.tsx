/**
 * A mail's plain text with its web links clickable (verification, invitation and reset links an
 * operator passes on). Rendered as React text: nothing in the mail becomes markup.
 */
export function MailText({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/[^\s<>"')]+)/g);
  return (
    <pre className="overflow-x-auto rounded-lg border bg-muted p-3 text-sm break-words whitespace-pre-wrap" data-testid="mail-text">
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          <a key={index} href={part} className="text-primary underline" target="_blank" rel="noopener noreferrer">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </pre>
  );
}

/**
 * A mail's HTML in a sandboxed frame: no scripts, no access to the console's origin; its links
 * open in a new tab (the base target), so an operator can still follow them.
 */
export function MailHtml({ html, title }: { html: string; title: string }) {
  return (
    <iframe
      title={title}
      sandbox="allow-popups allow-popups-to-escape-sandbox"
      referrerPolicy="no-referrer"
      srcDoc={`<!doctype html><base target="_blank">${html}`}
      className="h-96 w-full rounded-lg border bg-white"
    />
  );
}
