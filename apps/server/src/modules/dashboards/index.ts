// The dashboards module's face: what other modules use of it (app.ts takes its routes from *.routes.ts).
export { DashboardCache } from './dashboard-cache.js';
