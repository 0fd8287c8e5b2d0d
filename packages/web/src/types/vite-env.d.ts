/// <reference types="vite/client" />

interface Window {
  __staticRouterHydrationData?: unknown;
}
