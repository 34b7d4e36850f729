import { MessageCircle } from 'lucide-react';
import { whatsAppLink } from '@/server/shared/sites/site-content';

export function WhatsAppButton({ number, label }: { number: string; label: string }) {
  return (
    <a
      href={whatsAppLink(number)}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={label}
      title={label}
      className="fixed right-4 bottom-4 z-50 flex size-14 items-center justify-center rounded-full bg-whatsapp text-white shadow-lg transition-transform hover:scale-105 focus-visible:ring-4 focus-visible:ring-primary/40 focus-visible:outline-none"
    >
      <MessageCircle aria-hidden className="size-7" />
    </a>
  );
}
