'use server';

import 'server-only';
import { redirect } from 'next/navigation';
import { refresh } from 'next/cache';
import { getLocale, getTranslations } from 'next-intl/server';
import { z } from 'zod';
import { toLocale, localizedPath } from '@/i18n/locales';
import { type ActionFailure, type ActionResult, runAction } from '@/server/actions/run-action';
import { revalidateWidget } from '@/server/widgets/sites/widget-site';
import { NotFound, RuleViolation } from '@/server/errors';
import { isProvidedFile } from '@/server/files/uploads';
import { widgetFormSchema } from '@/shared/widgets/widget-schema';
import { createWidget, deleteWidget, duplicateWidget, updateWidget } from './manage-widgets';
import { removeWidgetMedia, uploadWidgetMedia, WIDGET_MEDIA_KINDS, type WidgetMediaKind } from './widget-media';

// The widget list's and editor's actions (admins only). The editor is a react-hook-form island
// that sends its values as an object; duplicate and delete are plain forms, so they work before
// hydration too.

const widgetId = z.uuid('errors.notFound');

/** Saves the editor: creates the widget when `id` is null. Refusals carry each field's message at its path (`offers.0.saleAdult`). */
export async function saveWidgetAction(id: string | null, values: unknown): Promise<ActionResult<{ id: string; created: boolean }>> {
  // A malformed id names no widget of the agency: the same answer as another agency's id.
  const checkedId = id === null ? null : widgetId.safeParse(id);
  const result = await runAction(
    {
      schema: widgetFormSchema,
      permission: 'widgets:manage',
      invalidMessage: 'widgets.invalid',
      nestedFieldErrors: true,
      run: async (input, { principal, db }) => {
        if (checkedId === null) return { ...(await createWidget(db, principal, input)), created: true };
        if (!checkedId.success) throw new NotFound();
        return { ...(await updateWidget(db, principal, checkedId.data, input)), created: false };
      },
    },
    values,
  );
  if (!result.ok) return result;
  revalidateWidget(result.data);
  refresh();
  return { ok: true, data: { id: result.data.id, created: result.data.created } };
}

const idForm = z.object({ widgetId });

export async function duplicateWidgetAction(_previous: unknown, formData: FormData): Promise<ActionFailure | null> {
  const t = await getTranslations('widgets');
  const result = await runAction(
    {
      schema: idForm,
      permission: 'widgets:manage',
      run: async (input, { principal, db }) => duplicateWidget(db, principal, input.widgetId, (name) => t('copySuffix', { name })),
    },
    { widgetId: formData.get('widgetId') },
  );
  if (!result.ok) return result;
  redirect(`${localizedPath(toLocale(await getLocale()), `/widgets/${result.data.id}`)}?notice=duplicated`);
}

export async function deleteWidgetAction(_previous: unknown, formData: FormData): Promise<ActionFailure | null> {
  const result = await runAction(
    {
      schema: idForm,
      permission: 'widgets:manage',
      run: async (input, { principal, db }) => deleteWidget(db, principal, input.widgetId),
    },
    { widgetId: formData.get('widgetId') },
  );
  if (!result.ok) return result;
  // Its site goes at once.
  revalidateWidget(result.data);
  redirect(`${localizedPath(toLocale(await getLocale()), '/widgets')}?notice=deleted`);
}

const mediaForm = z.object({ widgetId, kind: z.enum(WIDGET_MEDIA_KINDS, 'errors.validation') });

export type WidgetMediaState = ActionFailure | { ok: true; kind: WidgetMediaKind } | null;

/** Uploads a logo or the hero image (a plain multipart form: works before hydration). */
export async function uploadWidgetMediaAction(_previous: WidgetMediaState, formData: FormData): Promise<WidgetMediaState> {
  const file = formData.get('file');
  const result = await runAction(
    {
      schema: mediaForm,
      permission: 'widgets:manage',
      run: async (input, { principal, db }) => {
        if (!isProvidedFile(file)) throw new RuleViolation('files.empty', { list: 'JPG, PNG' }, 'file');
        return { change: await uploadWidgetMedia(db, principal, input.widgetId, input.kind, file), kind: input.kind };
      },
    },
    { widgetId: formData.get('widgetId'), kind: formData.get('kind') },
  );
  if (!result.ok) return result;
  revalidateWidget(result.data.change);
  refresh();
  return { ok: true, kind: result.data.kind };
}

export async function removeWidgetMediaAction(_previous: ActionFailure | null, formData: FormData): Promise<ActionFailure | null> {
  const result = await runAction(
    {
      schema: z.object({ widgetId, fileId: z.uuid('errors.notFound') }),
      permission: 'widgets:manage',
      run: async (input, { principal, db }) => removeWidgetMedia(db, principal, input.widgetId, input.fileId),
    },
    { widgetId: formData.get('widgetId'), fileId: formData.get('fileId') },
  );
  if (!result.ok) return result;
  revalidateWidget(result.data);
  refresh();
  return null;
}
