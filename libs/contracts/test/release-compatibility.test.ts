import { z } from 'zod';
import { breakingChanges } from '../release/compatibility';
import { contractRole, currentContracts, type ContractSnapshot } from '../release/contract-schemas';
import { acceptedBreaking, readSnapshot } from '../release/snapshot-file';

/** One contract as the snapshot holds it, from a zod schema. */
const snap = (name: string, schema: z.ZodType): Record<string, ContractSnapshot> => ({
  [name]: {
    role: contractRole(name),
    input: z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>,
    output: z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as Record<string, unknown>,
  },
});
const diff = (name: string, before: z.ZodType, after: z.ZodType) =>
  breakingChanges(snap(name, before), snap(name, after));

describe("the contracts only grew since the previous release's (release/contracts.snapshot.json)", () => {
  it('every contract of the previous release is still served compatibly', () => {
    const previous = readSnapshot();
    expect(previous).toBeDefined();
    const accepted = acceptedBreaking();
    const problems = breakingChanges(previous!.contracts, currentContracts());
    expect(problems.filter((line) => !(line in accepted))).toEqual([]);
    // An accepted breaking change that no longer occurs is stale: remove it from accepted-breaking.json.
    expect(Object.keys(accepted).filter((line) => !problems.includes(line))).toEqual([]);
  });
});

describe('what breaks a contract between two releases', () => {
  const Job = z.object({ id: z.number().int(), title: z.string(), note: z.string().optional() });

  it('a response: a field removed, renamed, made required or optional, a new required field, a new type', () => {
    expect(diff('JobSchema', Job, Job.omit({ title: true }))).toEqual([
      'JobSchema.title: the field was removed or renamed',
    ]);
    expect(diff('JobSchema', Job, Job.omit({ title: true }).extend({ name: z.string() }))).toEqual([
      'JobSchema.title: the field was removed or renamed',
      'JobSchema.name: a new response field must be optional',
    ]);
    expect(diff('JobSchema', Job, Job.extend({ note: z.string() }))).toEqual([
      'JobSchema.note: the response field became required',
    ]);
    expect(diff('JobSchema', Job, Job.extend({ title: z.string().optional() }))).toEqual([
      'JobSchema.title: the response field may now be missing',
    ]);
    expect(diff('JobSchema', Job, Job.extend({ title: z.string().nullable() }))).toEqual([
      'JobSchema.title: the response may now be null',
    ]);
    expect(diff('JobListSchema', z.array(Job), z.array(Job.omit({ id: true })))).toEqual([
      'JobListSchema[].id: the field was removed or renamed',
    ]);
  });

  it('a response may grow: a new optional field', () => {
    expect(diff('JobSchema', Job, Job.extend({ city: z.string().optional() }))).toEqual([]);
  });

  it('a request: a field required, a new required field, a narrower type, enum, length or bound', () => {
    const Form = z.object({
      quantity: z.number().int().min(1).max(5),
      status: z.enum(['open', 'filled']),
      note: z.string().max(500).optional(),
    });
    expect(diff('JobFormRequestSchema', Form, Form.extend({ note: z.string().max(500) }))).toEqual([
      'JobFormRequestSchema.note: the request field became required',
    ]);
    expect(diff('JobFormRequestSchema', Form, Form.extend({ city: z.string() }))).toEqual([
      'JobFormRequestSchema.city: a new request field must be optional',
    ]);
    expect(diff('JobFormRequestSchema', Form, Form.extend({ status: z.enum(['open']) }))).toEqual([
      'JobFormRequestSchema.status: the request no longer accepts "filled"',
    ]);
    expect(diff('JobFormRequestSchema', Form, Form.extend({ note: z.string().max(100).optional() }))).toEqual(
      ["JobFormRequestSchema.note: the request's maxLength fell from 500 to 100"],
    );
    expect(
      diff('JobFormRequestSchema', Form, Form.extend({ quantity: z.number().int().min(2).max(5) })),
    ).toEqual(["JobFormRequestSchema.quantity: the request's minimum rose from 1 to 2"]);
    expect(diff('JobFormRequestSchema', Form, Form.extend({ quantity: z.string() }))).toEqual([
      'JobFormRequestSchema.quantity: the request no longer accepts integer',
    ]);
    // Growing is fine: an optional field, a wider bound, a new enum value, a required field made optional.
    expect(
      diff(
        'JobFormRequestSchema',
        Form,
        Form.extend({
          quantity: z.number().int().min(1).max(10),
          status: z.enum(['open', 'filled', 'closed']),
          city: z.string().optional(),
        }).partial({ quantity: true }),
      ),
    ).toEqual([]);
  });

  it('a response that becomes a union: a shape the previous release does not know', () => {
    const SignedIn = z.object({ success: z.literal(true), admin: z.object({ id: z.number() }) });
    const Step = z.object({ success: z.literal(true), mfa: z.literal('required') });
    expect(diff('LoginResponseSchema', SignedIn, z.union([SignedIn, Step]))).toEqual([
      'LoginResponseSchema: the response may now take another shape',
    ]);
    expect(diff('LoginRequestSchema', SignedIn, z.union([SignedIn, Step]))).toEqual([]);
  });

  it('a contract removed or renamed', () => {
    expect(breakingChanges(snap('JobSchema', Job), snap('VacancySchema', Job))).toEqual([
      'JobSchema: the contract was removed or renamed',
    ]);
  });
});
