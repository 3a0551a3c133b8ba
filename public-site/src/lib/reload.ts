// Full-page navigations, in one module so tests can replace them.

export function reloadPage() {
  window.location.reload();
}

export function goToPage(href: string) {
  window.location.assign(href);
}

export function replacePage(href: string) {
  window.location.replace(href);
}
