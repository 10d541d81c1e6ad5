/** Accounts: users and their sign-in identities, admins, restaurants and freelancers. */
export { Admin } from './admin.entity';
export { Freelancer } from './freelancer.entity';
export { Identity } from './identity.entity';
export { Restaurant } from './restaurant.entity';
export { User } from './user.entity';
export { hashPassword, verifyPassword } from './password';
export * from './accounts.service';
export * from './restaurants.queries';
export { findDemoFreelancerId, findDemoRestaurantId } from './demo.queries';
