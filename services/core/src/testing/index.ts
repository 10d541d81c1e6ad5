export { createTestDatabase, uniqueTestDatabaseName, type TestDatabase } from './test-database';
export {
  insertBusinessMember,
  insertCompletedAssignment,
  insertFreelancer,
  insertJob,
  insertRestaurant,
  insertVettedFreelancer,
} from './fixtures';
export { TEST_PASSWORD_COST, useTestPasswordCost, withProductionPasswordCost } from './password-cost';
export { PAYEE_CPF, SHIFT_DAY_NOON, completedShiftWithPayout, payoutRow, type PayoutRow } from './payouts';
export { noisyImage, useDatabaseAndPhotoStorage } from './photo-storage';
export { insertFreelancerWithHistory } from './data-export-fixtures';
