// Full page loads, in one place so component tests can stand in for them (jsdom cannot navigate).

/** Leaves for `url` with a full load: no client state survives it (the point after a sign-out). */
export function goTo(url: string): void {
  window.location.assign(url);
}

export function reloadPage(): void {
  window.location.reload();
}
