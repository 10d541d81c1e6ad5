// The host has no Module Federation build plugin (see docs/decisions.md, "Weight budgets"): no
// async boundary is needed, the page renders from the main bundle. The federation runtime is
// loaded with the first remote area (remotes/federation.ts).
import './bootstrap';
