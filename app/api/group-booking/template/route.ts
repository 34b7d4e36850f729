import { groupTemplateWorkbook, XLSX_CONTENT_TYPE } from '@/server/group-booking/group-sheets';
import { runRoute } from '@/server/http/run-route';

/** The group booking template (xlsx) in the agent's language: the guests' sheet, the bookable offers with their ids, how to fill it in. */
export const GET = runRoute({
  permission: 'bookings:create',
  run: async (_input, { db, locale }) => {
    const workbook = await groupTemplateWorkbook(db, locale);
    return new Response(new Uint8Array(workbook), {
      headers: {
        'content-type': XLSX_CONTENT_TYPE,
        'content-disposition': `attachment; filename="group-booking-template-${locale}.xlsx"`,
        'cache-control': 'private, no-store',
      },
    });
  },
});
