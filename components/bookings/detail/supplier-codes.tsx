/** A supplier code as the booking page shows it: a QR code drawn on the server, or the code as text. */
export type ShownSupplierCode = { unitLabel: string; code: string; format: string; qrSrc: string | null; qrAlt: string };

/**
 * The codes the tour operator issued for a booking, each with the guest it admits. QR codes arrive
 * as data URLs rendered on the server (the page's `img-src` allows `data:`); barcode formats we do
 * not draw are printed as text with their format, for the entrance to type in.
 */
export function SupplierCodes({ codes }: { codes: ShownSupplierCode[] }) {
  return (
    <ul className="grid gap-3" data-testid="supplier-codes">
      {codes.map((code, index) => (
        <li key={`${code.code}-${index}`} className="flex flex-wrap items-center gap-3">
          {code.qrSrc ? (
            // eslint-disable-next-line @next/next/no-img-element -- a data URL rendered on the server; nothing for the image optimiser to do
            <img src={code.qrSrc} alt={code.qrAlt} width={96} height={96} className="size-24 rounded border border-border bg-white" />
          ) : null}
          <span className="grid min-w-0">
            <span className="text-sm text-muted-foreground">{code.unitLabel}</span>
            <span className="font-mono font-medium break-all" data-testid="supplier-code">
              {code.code}
            </span>
            {code.qrSrc ? null : <span className="text-xs text-muted-foreground">{code.format}</span>}
          </span>
        </li>
      ))}
    </ul>
  );
}
