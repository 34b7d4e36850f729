'use client';

import { type ReactNode, useEffect, useRef } from 'react';

/**
 * What a form turns into once its mail is sent: a heading that takes focus (so screen readers
 * announce the change) and the text with the address in bold. `text` contains `{email}`.
 */
export function MailSentNotice({ title, text, email, children }: { title: string; text: string; email: string; children?: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const [before, after] = text.split('{email}');
  return (
    <div role="status" className="grid gap-3">
      <h2 ref={heading} tabIndex={-1} className="text-lg font-semibold outline-none">
        {title}
      </h2>
      <p>
        {before}
        <strong className="break-all">{email}</strong>
        {after}
      </p>
      {children}
    </div>
  );
}
