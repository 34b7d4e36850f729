'use client';

import { OpsField, OpsForm, OpsSelect, OpsTextArea } from '@/components/ops/ops-form';
import { confirmRequestAction, declineRequestAction, quoteRequestAction } from '@/server/ops/requests/request-actions';

export type RequestDecisionLabels = {
  quoteHeading: string;
  netTotal: string;
  publishedTotal: string;
  quoteHint: string;
  quoteSubmit: string;
  quoteSaved: string;
  confirmHeading: string;
  settle: string;
  settlePayment: string;
  settleBalance: string;
  confirmSubmit: string;
  confirmed: string;
  declineHeading: string;
  reason: string;
  declineSubmit: string;
  declined: string;
  saving: string;
};

/** Price, confirm or decline an open request; each a form of its own, so one's errors stay with it. */
export function RequestDecisionForms({ reference, netTotal, publishedTotal, labels }: { reference: string; netTotal: string; publishedTotal: string; labels: RequestDecisionLabels }) {
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <section aria-labelledby="quote-heading" className="rounded-lg border p-4">
        <h2 id="quote-heading" className="mb-3 font-semibold">
          {labels.quoteHeading}
        </h2>
        <OpsForm action={quoteRequestAction} submitLabel={labels.quoteSubmit} pendingLabel={labels.saving} successMessage={labels.quoteSaved}>
          <input type="hidden" name="reference" value={reference} />
          <OpsField name="netTotal" label={labels.netTotal} inputMode="decimal" defaultValue={netTotal} required hint={labels.quoteHint} />
          <OpsField name="publishedTotal" label={labels.publishedTotal} inputMode="decimal" defaultValue={publishedTotal} required />
        </OpsForm>
      </section>
      <section aria-labelledby="confirm-heading" className="rounded-lg border p-4">
        <h2 id="confirm-heading" className="mb-3 font-semibold">
          {labels.confirmHeading}
        </h2>
        <OpsForm action={confirmRequestAction} submitLabel={labels.confirmSubmit} pendingLabel={labels.saving} successMessage={labels.confirmed}>
          <input type="hidden" name="reference" value={reference} />
          <OpsSelect
            name="settle"
            label={labels.settle}
            defaultValue="payment"
            options={[
              { value: 'payment', label: labels.settlePayment },
              { value: 'balance', label: labels.settleBalance },
            ]}
          />
        </OpsForm>
      </section>
      <section aria-labelledby="decline-heading" className="rounded-lg border p-4">
        <h2 id="decline-heading" className="mb-3 font-semibold">
          {labels.declineHeading}
        </h2>
        <OpsForm action={declineRequestAction} submitLabel={labels.declineSubmit} pendingLabel={labels.saving} successMessage={labels.declined} submitVariant="outline">
          <input type="hidden" name="reference" value={reference} />
          <OpsTextArea name="reason" label={labels.reason} maxLength={500} required />
        </OpsForm>
      </section>
    </div>
  );
}
