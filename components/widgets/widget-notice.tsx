import { CircleCheck } from '@/components/icons/icons';

/** What the last change did (saved, duplicated, deleted), announced politely. */
export function WidgetNotice({ text }: { text: string }) {
  return (
    <p role="status" className="mt-6 flex items-center gap-2 rounded-lg border border-emerald-300 bg-emerald-50 px-4 py-3 text-emerald-900">
      <CircleCheck aria-hidden className="size-5 shrink-0" />
      {text}
    </p>
  );
}
