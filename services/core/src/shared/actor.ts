/**
 * Who is acting. Every domain-service method takes one and refuses what that role may not do;
 * restaurant and freelancer actors only ever reach their own rows (another owner's id → 404).
 */
export type Actor =
  | { role: 'admin'; adminId: number }
  | { role: 'restaurant'; restaurantId: number; userId: number }
  | { role: 'freelancer'; freelancerId: number; userId: number };

export type ActorRole = Actor['role'];
