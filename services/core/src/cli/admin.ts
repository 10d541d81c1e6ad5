/**
 * `npm run admin -- <command>`: managing admins on the database of DATABASE_URL (the only way to
 * add an admin in production, where ADMIN_EMAIL/ADMIN_PASSWORD seed nothing).
 *
 *   add --email E [--name N]     password from a hidden prompt, or the first line of stdin
 *   disable --email E            cannot sign in; live sessions end at their next request
 *   enable --email E
 *   reset-mfa --email E          forgets the second factor and recovery codes: enrol again
 *   list
 *
 * Every change is written to the audit trail (actor "system").
 */
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import {
  AdminManagementError,
  addAdmin,
  listAdmins,
  resetAdminMfa,
  setAdminDisabled,
  type AdminListing,
} from '../accounts/admin-management.service';
import { AdminPasswordRefused } from '../accounts/password-policy';
import { initOrm } from '../db/orm';

const USAGE = 'Uso: npm run admin -- add|disable|enable|reset-mfa --email E [--name N] | list';

/** Reads the password: a prompt that does not echo on a terminal, else the first line of stdin. */
async function readPassword(prompt: string): Promise<string> {
  const input = process.stdin;
  if (!input.isTTY) {
    const lines = createInterface({ input });
    for await (const line of lines) {
      lines.close();
      return line;
    }
    return '';
  }
  process.stdout.write(prompt);
  const muted = createInterface({ input, output: process.stdout, terminal: true });
  (muted as unknown as { _writeToOutput: (text: string) => void })._writeToOutput = () => undefined;
  const answer = await new Promise<string>((resolve) => muted.question('', resolve));
  muted.close();
  process.stdout.write('\n');
  return answer;
}

const show = (admin: AdminListing) =>
  `${admin.id}\t${admin.email}\t${admin.name}\t${admin.mfa ? '2FA' : 'sem 2FA'}\t${admin.disabled ? 'desativado' : 'ativo'}`;

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { email: { type: 'string' }, name: { type: 'string' } },
  });
  const command = positionals[0];
  if (!command || (command !== 'list' && !values.email)) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const password =
    command === 'add'
      ? await readPassword('Senha (mín. 12 caracteres): ').then(async (first) => {
          if (!process.stdin.isTTY) return first;
          const again = await readPassword('Repita a senha: ');
          if (again !== first) throw new AdminManagementError('As senhas não conferem.');
          return first;
        })
      : '';
  const orm = await initOrm({ poolMax: 1 });
  try {
    const em = orm.em.fork();
    const email = values.email ?? '';
    switch (command) {
      case 'add':
        process.stdout.write(
          `Adicionado: ${show(await addAdmin(em, { email, name: values.name, password }))}\n`,
        );
        break;
      case 'disable':
        process.stdout.write(`Desativado: ${show(await setAdminDisabled(em, email, true))}\n`);
        break;
      case 'enable':
        process.stdout.write(`Reativado: ${show(await setAdminDisabled(em, email, false))}\n`);
        break;
      case 'reset-mfa':
        process.stdout.write(`Segundo fator removido: ${show(await resetAdminMfa(em, email))}\n`);
        break;
      case 'list':
        for (const admin of await listAdmins(em)) process.stdout.write(`${show(admin)}\n`);
        break;
      default:
        process.stderr.write(`${USAGE}\n`);
        return 2;
    }
    return 0;
  } finally {
    await orm.close(true);
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof AdminManagementError || error instanceof AdminPasswordRefused) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    console.error(error);
    process.exit(1);
  },
);
