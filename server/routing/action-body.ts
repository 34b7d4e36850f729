// Server actions' bodies, bounded before they are read. Next reads an action's whole body before
// any code of ours runs, and counts its cap only on what it has read: a chunked 100 MB post to
// the guest checkout (public) was read to its last byte and answered 500. The server
// answers first (server/platform/action-body-limit.ts), from the declared length, which a browser
// always sends with a form or a fetch. No path aliases: next.config.ts loads this for the
// framework's own cap.

/** Forms carry up to four files of 5 MB (company settings), with room for a 6 MB file to reach its clear message. */
export const ACTION_BODY_LIMIT_MB = 30;
/** A widget's guest checkout (on its domain or in its embed): text fields only. */
export const GUEST_ACTION_BODY_LIMIT = 64 * 1024;

export type ActionPost = {
  method: string;
  /** Next marks a server action's post with the `Next-Action` header. */
  isAction: boolean;
  /** The Content-Length header as sent, or null. */
  contentLength: string | null;
  /** A post from a widget's site or embed, whose only form is the guest checkout. */
  fromGuest: boolean;
};

/**
 * Why a server action's post is refused before its body is read, or null to let it through: a
 * post without a declared length (411), or one longer than the action may take (413).
 */
export function actionBodyRefusal(post: ActionPost): 411 | 413 | null {
  if (post.method !== 'POST' || !post.isAction) return null;
  if (post.contentLength === null || !/^\d+$/.test(post.contentLength)) return 411;
  const limit = post.fromGuest ? GUEST_ACTION_BODY_LIMIT : ACTION_BODY_LIMIT_MB * 1024 * 1024;
  return Number(post.contentLength) > limit ? 413 : null;
}
