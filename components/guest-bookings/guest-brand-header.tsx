import type { GuestBrand } from '@/server/widgets/guest-bookings/guest-booking-view';
import { publicImageUrl } from '@/shared/files/file-purpose';

/** The agency's logo and name atop the portal's pages an embed's guest sees top-level: the agency's brand, not ours. */
export function GuestBrandHeader({ brand }: { brand: Pick<GuestBrand, 'name' | 'logoFileId'> }) {
  return (
    <header className="flex items-center gap-3 border-b border-zinc-200 pb-4" data-testid="guest-brand">
      {brand.logoFileId ? (
        // eslint-disable-next-line @next/next/no-img-element -- the agency's uploaded logo, served as it is
        <img src={publicImageUrl(brand.logoFileId)} alt="" className="h-10 w-auto" />
      ) : null}
      <p className="text-lg font-semibold">{brand.name}</p>
    </header>
  );
}
