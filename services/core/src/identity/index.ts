/** Identity: who the caller is. Sign-in (OIDC identity linking), the admin's password and second factor, the session caller. */
export * from './sign-in.service';
export * from './caller.queries';
export * from './admin-login.service';
export * from './admin-mfa.service';
export { DEMO_ACCOUNTS, DEMO_RESTAURANT_NAME, demoIssuer, type DemoAccount } from './demo-accounts';
export { findDemoFreelancerId, findDemoRestaurantId } from './demo.queries';
