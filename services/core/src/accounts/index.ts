/** Accounts: users and their sign-in identities, admins, restaurants (their stores and members) and freelancers. */
export { Admin } from '../model/admin.entity';
export { Freelancer } from '../model/freelancer.entity';
export { Identity } from '../model/identity.entity';
export { Restaurant } from '../model/restaurant.entity';
export { RestaurantMember, RestaurantMemberStore } from '../model/restaurant-member.entity';
export { Store } from '../model/store.entity';
export { User } from '../model/user.entity';
export { hashPassword, needsRehash, verifyPassword, PASSWORD_COST, type PasswordCost } from './password';
export * from './accounts.service';
export * from './restaurants.queries';
export { AdminRecoveryCode } from '../model/admin-recovery-code.entity';
export * from './admin-mfa-keys';
export * from './password-policy';
export * from './admin-management.service';
export * from './vetting.service';
export { FreelancerDocument } from '../model/freelancer-document.entity';
