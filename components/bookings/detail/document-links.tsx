import { Download } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import type { DocumentKind } from '@/server/documents/document-kinds';

/** Download links to a booking's PDFs (the ones the agent's role may have). */
export function DocumentLinks({
  reference,
  documents,
  labels,
  className,
  linkClassName,
}: {
  reference: string;
  documents: DocumentKind[];
  labels: Record<DocumentKind, string>;
  className?: string;
  linkClassName?: string;
}) {
  return (
    <ul className={className}>
      {documents.map((document) => (
        <li key={document}>
          <a href={`/api/bookings/${reference}/${document}`} download={`${document}-${reference}.pdf`} className={cn(buttonVariants({ variant: 'outline' }), linkClassName)}>
            <Download aria-hidden />
            {labels[document]}
          </a>
        </li>
      ))}
    </ul>
  );
}
