type Navigate = (to: string) => void;

// Until the router registers itself, a full page load still gets the user there.
let navigateImpl: Navigate = (to) => window.location.assign(to);

/**
 * Lets code outside React (the API client's failed refresh) move to a route.
 * The router registers its own `navigate` at start-up.
 */
export function registerNavigate(navigate: Navigate): void {
  navigateImpl = navigate;
}

export function navigateTo(to: string): void {
  navigateImpl(to);
}
