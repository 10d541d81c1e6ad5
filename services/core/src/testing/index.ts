export { createTestDatabase, uniqueTestDatabaseName, type TestDatabase } from './test-database';
export { insertCompletedAssignment, insertFreelancer, insertJob, insertRestaurant } from './fixtures';
