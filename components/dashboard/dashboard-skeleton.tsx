/** The dashboard's frame while its figures load: the blocks' places, nothing that moves when they arrive. */
export function DashboardSkeleton() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 md:py-10" aria-busy="true" data-testid="dashboard-loading">
      <div className="h-8 w-48 animate-pulse rounded-lg bg-muted" />
      <div className="mt-2 h-5 w-80 max-w-full animate-pulse rounded-lg bg-muted" />
      <div className="mt-6 grid gap-4 md:grid-cols-2 lg:grid-cols-3">
        {[0, 1, 2, 3, 4, 5].map((index) => (
          <div key={index} className="h-48 animate-pulse rounded-xl bg-muted" />
        ))}
      </div>
    </div>
  );
}
