'use client';

import { Trash2, Upload } from 'lucide-react';
import { useActionState } from 'react';
import { SubmitButton } from '@/components/forms/submit-button';
import { FileField } from '@/components/forms/file-field';
import { useActionFailureFeedback } from '@/components/http/http-feedback';
import { allowedFormats } from '@/shared/files/file-rules';
import { removeWidgetMediaAction, uploadWidgetMediaAction, type WidgetMediaState } from '@/server/widgets/widget-actions';

export type WidgetMediaFormLabels = { file: string; upload: string; uploading: string; uploaded: string; tooLarge: string; download: string };

/** Uploads a logo or the hero image: a plain multipart form, so it works before hydration. */
export function WidgetMediaUploadForm({ widgetId, kind, labels }: { widgetId: string; kind: 'logo' | 'heroImage'; labels: WidgetMediaFormLabels }) {
  const [state, formAction] = useActionState<WidgetMediaState, FormData>(uploadWidgetMediaAction, null);
  useActionFailureFeedback(state);
  const error = state && !state.ok ? (state.fieldErrors.file ?? state.message) : undefined;
  return (
    <form action={formAction} className="grid gap-2" data-testid={`widget-media-upload-${kind}`}>
      <input type="hidden" name="widgetId" value={widgetId} />
      <input type="hidden" name="kind" value={kind} />
      <FileField
        name="file"
        label={labels.file}
        accept={allowedFormats(kind === 'logo' ? 'widgetLogo' : 'widgetHeroImage').accept}
        error={error}
        required
        labels={{ tooLarge: labels.tooLarge, download: labels.download }}
      />
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton label={labels.upload} pendingLabel={labels.uploading} icon={<Upload aria-hidden className="size-4" />} variant="outline" size="sm" />
        <p role="status" className="text-sm text-emerald-700">
          {state?.ok ? labels.uploaded : null}
        </p>
      </div>
    </form>
  );
}

/** Takes one picture off the widget. */
export function WidgetMediaRemoveForm({ widgetId, fileId, label, name }: { widgetId: string; fileId: string; label: string; name: string }) {
  const [state, formAction] = useActionState(removeWidgetMediaAction, null);
  useActionFailureFeedback(state);
  return (
    <form action={formAction}>
      <input type="hidden" name="widgetId" value={widgetId} />
      <input type="hidden" name="fileId" value={fileId} />
      <SubmitButton label={label} pendingLabel={label} icon={<Trash2 aria-hidden className="size-4" />} variant="outline" size="sm" describedBy={`media-${fileId}`} />
      <span id={`media-${fileId}`} hidden>
        {name}
      </span>
    </form>
  );
}
