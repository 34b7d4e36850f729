'use server';

import 'server-only';
import { redirect } from 'next/navigation';
import { getLocale, getTranslations } from 'next-intl/server';
import { z } from 'zod';
import { toLocale, localizedPath } from '@/i18n/locales';
import { type ActionFailure, type ActionResult, runAction } from '@/server/actions/run-action';
import { widgetCacheTags } from '@/server/widgets/sites/widget-site';
import { NotFound, RuleViolation } from '@/server/errors';
import { widgetFormSchema } from '@/shared/widgets/widget-schema';
import { createWidget, deleteWidget, duplicateWidget, updateWidget } from './manage-widgets';
import { removeWidgetMedia, uploadWidgetMedia, WIDGET_MEDIA_KINDS, type WidgetMediaKind } from './widget-media';

// The widget list's and editor's actions (admins only). The editor is a react-hook-form island
// that sends its values as an object; duplicate and delete are plain forms, so they work before
// hydration too.

const widgetId = z.uuid('errors.notFound');

/** A widget's site renews at once after a change: its content, and what its domain serves. */
const renewSite = (widget: { id: string; domain: string | null; previousDomain?: string | null }) => ({ expire: widgetCacheTags(widget), refresh: true });

/**
 * Saves the editor: creates the widget when `id` is null. Refusals carry each field's message at
 * its path (`offers.0.saleAdult`). The editor sends its values as an object, and the id beside them.
 */
export const saveWidgetAction = runAction({
  schema: widgetFormSchema.safeExtend({ widgetId: z.unknown() }),
  input: (id: string | null, values: unknown) => ({ ...(typeof values === 'object' ? values : {}), widgetId: id }),
  permission: 'widgets:manage',
  invalidMessage: 'widgets.invalid',
  nestedFieldErrors: true,
  run: async ({ widgetId: id, ...input }, { principal, db }) => {
    if (id === null) return { ...(await createWidget(db, principal, input)), created: true };
    // A malformed id names no widget of the agency: the same answer as another agency's id.
    const checkedId = widgetId.safeParse(id);
    if (!checkedId.success) throw new NotFound();
    return { ...(await updateWidget(db, principal, checkedId.data, input)), created: false };
  },
  revalidate: renewSite,
  answer: (result): ActionResult<{ id: string; created: boolean }> => (result.ok ? { ok: true, data: { id: result.data.id, created: result.data.created } } : result),
});

const idForm = z.object({ widgetId });

export const duplicateWidgetAction = runAction({
  schema: idForm,
  permission: 'widgets:manage',
  run: async (input, { principal, db }) => {
    const t = await getTranslations('widgets');
    return duplicateWidget(db, principal, input.widgetId, (name) => t('copySuffix', { name }));
  },
  answer: async (result): Promise<ActionFailure | null> => {
    if (!result.ok) return result;
    redirect(`${localizedPath(toLocale(await getLocale()), `/widgets/${result.data.id}`)}?notice=duplicated`);
  },
});

export const deleteWidgetAction = runAction({
  schema: idForm,
  permission: 'widgets:manage',
  run: async (input, { principal, db }) => deleteWidget(db, principal, input.widgetId),
  // Its site goes at once.
  revalidate: (widget) => ({ expire: widgetCacheTags(widget) }),
  answer: async (result): Promise<ActionFailure | null> => {
    if (!result.ok) return result;
    redirect(`${localizedPath(toLocale(await getLocale()), '/widgets')}?notice=deleted`);
  },
});

const mediaForm = z.object({ widgetId, kind: z.enum(WIDGET_MEDIA_KINDS, 'errors.validation'), file: z.instanceof(File).optional() });

export type WidgetMediaState = ActionFailure | { ok: true; kind: WidgetMediaKind } | null;

/** Uploads a logo or the hero image (a plain multipart form: works before hydration). */
export const uploadWidgetMediaAction = runAction({
  schema: mediaForm,
  form: { files: ['file'] },
  permission: 'widgets:manage',
  run: async ({ widgetId: id, kind, file }, { principal, db }) => {
    if (!file) throw new RuleViolation('files.empty', { list: 'JPG, PNG' }, 'file');
    return { change: await uploadWidgetMedia(db, principal, id, kind, file), kind };
  },
  revalidate: (uploaded) => renewSite(uploaded.change),
  answer: (result): WidgetMediaState => (result.ok ? { ok: true, kind: result.data.kind } : result),
});

export const removeWidgetMediaAction = runAction({
  schema: z.object({ widgetId, fileId: z.uuid('errors.notFound') }),
  permission: 'widgets:manage',
  run: async (input, { principal, db }) => removeWidgetMedia(db, principal, input.widgetId, input.fileId),
  revalidate: renewSite,
  answer: (result): ActionFailure | null => (result.ok ? null : result),
});
