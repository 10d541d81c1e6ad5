// The queues this BFF writes to (the team invitation's e-mail) under a prefix of the tests' own, never
// the one a running portal's workers consume (`turno`).
process.env.QUEUE_PREFIX ??= 'turno-test-bff-restaurant';
