import Image from 'next/image';
import type { ReactNode } from 'react';

/** Country, city and tour pages until the catalogue issue gives them their full content. */
export function CataloguePlaceholder({
  title,
  subtitle,
  heroImage,
  notice,
}: {
  title: string;
  subtitle?: string;
  heroImage?: string;
  notice: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      {heroImage ? (
        <Image
          src={heroImage}
          alt=""
          width={1200}
          height={500}
          priority
          sizes="(min-width: 1200px) 1152px, 100vw"
          className="aspect-[12/5] w-full rounded-2xl object-cover"
        />
      ) : null}
      <h1 className="mt-6 text-3xl font-semibold">{title}</h1>
      {subtitle ? <p className="mt-2 text-muted-foreground">{subtitle}</p> : null}
      <p role="status" className="mt-8 rounded-xl border border-dashed border-border bg-muted p-6">
        {notice}
      </p>
    </div>
  );
}
