import type { filePurpose } from '@/server/db/schema';

/** What an uploaded file is for (the `file_purpose` enum). */
export type FilePurpose = (typeof filePurpose.enumValues)[number];
