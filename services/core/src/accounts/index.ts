/** Accounts: users and their sign-in identities, admins, restaurants and freelancers. */
export { Admin } from './admin.entity';
export { Freelancer } from './freelancer.entity';
export { Identity } from './identity.entity';
export { Restaurant } from './restaurant.entity';
export { User } from './user.entity';
export { hashPassword, needsRehash, verifyPassword, PASSWORD_COST } from './password';
export * from './accounts.service';
export * from './restaurants.queries';
export * from './account-removal.service';
export { AdminRecoveryCode } from './admin-recovery-code.entity';
export * from './admin-mfa-keys';
export * from './password-policy';
export * from './admin-management.service';
