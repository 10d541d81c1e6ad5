import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  ASSIGNMENT_STATUS_LABELS,
  DATA_EXPORT_FILES,
  JOB_STATUS_LABELS,
  DATA_EXPORT_MESSAGES,
  formatDateBR,
  formatDateTimeBR,
  formatMoneyCents,
} from '@turno/domain';
import type { PhotoStorage } from '../photos/photo-storage';
import { dataExportKey } from './data-exports.lifecycle';
import { exportSummaryPdf, type ExportSummary } from './export-pdf';
import { freelancerSections, restaurantSections, type ExportSection } from './export-sections';
import { ZipWriter } from './zip-writer';

/** Rows per keyset page: large enough to be quick, small enough to keep memory flat. */
export const EXPORT_PAGE_SIZE = 1000;
/** Share of the progress the JSON takes (the PDF and the upload take the rest). */
const JSON_SHARE = 90;

export interface BuildDataExportOptions {
  now?: Date;
  /** Called with 0–99 as the build goes (only when the whole percentage changes). */
  onProgress?: (percent: number) => Promise<void>;
  pageSize?: number;
}

interface Person {
  userId: number;
  name: string;
  email: string;
  userType: 'freelancer' | 'restaurant' | null;
  /** The profile row (freelancer or store), internal columns left out. */
  profile: Record<string, unknown> | null;
  profileId: number | null;
}

const TEXT = DATA_EXPORT_MESSAGES.pdf;

async function personOf(em: EntityManager, userId: number): Promise<Person> {
  const connection = em.getConnection();
  const [user] = await connection.execute<
    {
      id: number;
      name: string | null;
      email: string | null;
      user_type: 'freelancer' | 'restaurant' | 'admin' | null;
    }[]
  >('select id, name, email, user_type from users where id = ?', [userId]);
  if (!user) throw new Error(`user ${userId} not found`);
  const userType = user.user_type === 'freelancer' || user.user_type === 'restaurant' ? user.user_type : null;
  let profile: Record<string, unknown> | null = null;
  if (userType === 'freelancer') {
    const [row] = await connection.execute<{ profile: Record<string, unknown> }[]>(
      "select to_jsonb(f) - 'search_text' as profile from freelancers f where f.user_id = ?",
      [userId],
    );
    profile = row?.profile ?? null;
  } else if (userType === 'restaurant') {
    const [row] = await connection.execute<{ profile: Record<string, unknown> }[]>(
      "select to_jsonb(r) - 'search_text' as profile from restaurants r where r.user_id = ?",
      [userId],
    );
    profile = row?.profile ?? null;
  }
  return {
    userId,
    name: user.name ?? '',
    email: user.email ?? '',
    userType,
    profile,
    profileId: profile && typeof profile.id === 'number' ? profile.id : null,
  };
}

/** What the profile holds beside its row: a freelancer's documents (kinds only, never the files' keys), search areas, strikes. */
async function profileExtras(em: EntityManager, person: Person): Promise<Record<string, unknown>> {
  if (person.userType !== 'freelancer' || person.profileId === null) return {};
  const connection = em.getConnection();
  const [documents, areas, strikes] = await Promise.all([
    connection.execute(
      'select kind, content_type, bytes, created_at from freelancer_documents where freelancer_id = ? order by id',
      [person.profileId],
    ),
    connection.execute(
      "select to_jsonb(a) - 'freelancer_id' as area from freelancer_search_areas a where a.freelancer_id = ?",
      [person.profileId],
    ),
    connection.execute(
      'select id, assignment_id, reason, created_at, expires_at, appeal_text, appeal_status, removed_at from freelancer_strikes where freelancer_id = ? order by id',
      [person.profileId],
    ),
  ]);
  return {
    documentos_de_cadastro: documents,
    area_de_busca: (areas as { area: unknown }[]).map((row) => row.area),
    ocorrencias: strikes,
  };
}

function sectionsOf(person: Person): ExportSection[] {
  if (person.userType === 'freelancer' && person.profileId !== null)
    return freelancerSections(person.userId, person.profileId);
  if (person.userType === 'restaurant' && person.profileId !== null)
    return restaurantSections(person.userId, person.profileId);
  // No profile yet: only what is held about the user.
  return freelancerSections(person.userId, -1).filter((section) =>
    ['consents', 'signIns'].includes(section.title),
  );
}

const show = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value))
    return formatDateTimeBR(new Date(value));
  return String(value);
};

async function summaryOf(
  em: EntityManager,
  person: Person,
  counts: [string, number][],
  now: Date,
): Promise<ExportSummary> {
  const connection = em.getConnection();
  const labels = TEXT.profileLabels;
  const profile: [string, string][] = [
    [labels.name, show(person.profile?.name ?? person.name)],
    [labels.email, person.email],
  ];
  for (const field of Object.keys(labels) as (keyof typeof labels)[]) {
    if (field === 'name' || field === 'email' || !person.profile || !(field in person.profile)) continue;
    profile.push([labels[field], show(person.profile[field])]);
  }
  const totals: [string, string][] = [];
  let recent: ExportSummary['recent'] = null;
  if (person.userType === 'freelancer' && person.profileId !== null) {
    const [paid] = await connection.execute<{ total: string | number | null }[]>(
      "select sum(amount_cents - deducted_cents) as total from payouts where freelancer_id = ? and status = 'paid'",
      [person.profileId],
    );
    totals.push([TEXT.payoutsTotal, formatMoneyCents(Number(paid?.total ?? 0))]);
    const shifts = await connection.execute<
      {
        date_needed: string;
        start_time: string;
        end_time: string;
        loja: string;
        title: string;
        status: keyof typeof ASSIGNMENT_STATUS_LABELS;
      }[]
    >(
      `select j.date_needed::text as date_needed, j.start_time, j.end_time, r.business_name as loja, j.title, s.status
         from assignments s join jobs j on j.id = s.job_id join restaurants r on r.id = j.restaurant_id
        where s.freelancer_id = ? order by j.date_needed desc, s.id desc limit 20`,
      [person.profileId],
    );
    recent = {
      title: TEXT.recentShifts,
      lines: shifts.map(
        (shift) =>
          `${formatDateBR(shift.date_needed)} ${shift.start_time}–${shift.end_time} · ${shift.title} · ${shift.loja} · ${ASSIGNMENT_STATUS_LABELS[shift.status]}`,
      ),
    };
  } else if (person.userType === 'restaurant' && person.profileId !== null) {
    const [billed] = await connection.execute<{ total: string | number | null }[]>(
      'select sum(amount_cents) as total from invoices where restaurant_id = ?',
      [person.profileId],
    );
    totals.push([TEXT.invoicesTotal, formatMoneyCents(Number(billed?.total ?? 0))]);
    const vacancies = await connection.execute<
      {
        date_needed: string;
        start_time: string;
        end_time: string;
        title: string;
        status: keyof typeof JOB_STATUS_LABELS;
      }[]
    >(
      `select date_needed::text as date_needed, start_time, end_time, title, status from jobs
        where restaurant_id = ? order by date_needed desc, id desc limit 20`,
      [person.profileId],
    );
    recent = {
      title: TEXT.recentVacancies,
      lines: vacancies.map(
        (job) =>
          `${formatDateBR(job.date_needed)} ${job.start_time}–${job.end_time} · ${job.title} · ${JOB_STATUS_LABELS[job.status]}`,
      ),
    };
  }
  return {
    generatedAt: now,
    person: {
      name: person.name,
      email: person.email,
      kind: TEXT.kinds[person.userType ?? 'none'],
    },
    profile,
    counts,
    totals,
    recent,
  };
}

/**
 * Builds the ZIP of everything held about a person (meus-dados.json and resumo.pdf) into a
 * temporary file, streaming: each section is read in keyset pages and written into the deflated
 * JSON entry as it comes, so memory does not grow with the number of rows. Then stores the file
 * under the private documents prefix. Returns its key and size.
 */
export async function buildDataExport(
  em: EntityManager,
  target: { exportId: number; userId: number },
  storage: PhotoStorage,
  options: BuildDataExportOptions = {},
): Promise<{ storageKey: string; sizeBytes: number }> {
  const now = options.now ?? new Date();
  const pageSize = options.pageSize ?? EXPORT_PAGE_SIZE;
  const person = await personOf(em, target.userId);
  const sections = sectionsOf(person);
  const counts = await Promise.all(sections.map((section) => section.count(em)));
  const total = counts.reduce((sum, count) => sum + count, 0);
  let done = 0;
  let reported = -1;
  const report = async (percent: number) => {
    const whole = Math.min(99, Math.floor(percent));
    if (whole === reported) return;
    reported = whole;
    await options.onProgress?.(whole);
  };

  const directory = await mkdtemp(join(tmpdir(), 'turno-export-'));
  const file = join(directory, 'export.zip');
  try {
    const zip = new ZipWriter(createWriteStream(file), now);
    await zip.addEntry(DATA_EXPORT_FILES.json, async (sink) => {
      const extras = await profileExtras(em, person);
      const head = {
        formato: 'turno-meus-dados/1',
        gerado_em: now.toISOString(),
        titular: { id: person.userId, nome: person.name, email: person.email, tipo: person.userType },
        perfil: person.profile ? { ...person.profile, ...extras } : null,
      };
      // The head object without its closing brace, then each section as an array streamed in pages.
      await sink.write(JSON.stringify(head, null, 2).replace(/\n}$/, ''));
      for (const section of sections) {
        await sink.write(`,\n  ${JSON.stringify(section.key)}: [`);
        let afterId = 0;
        let first = true;
        for (;;) {
          const rows = await section.page(em, afterId, pageSize);
          if (rows.length === 0) break;
          let chunk = '';
          for (const row of rows) {
            chunk += `${first ? '' : ','}\n    ${JSON.stringify(row)}`;
            first = false;
          }
          await sink.write(chunk);
          afterId = Number(rows[rows.length - 1]?.id);
          done += rows.length;
          await report(total === 0 ? JSON_SHARE : (done / total) * JSON_SHARE);
          if (rows.length < pageSize) break;
        }
        await sink.write(first ? ']' : '\n  ]');
      }
      await sink.write('\n}\n');
    });
    await report(JSON_SHARE);
    const summary = await summaryOf(
      em,
      person,
      sections.map((section, index) => [TEXT.sections[section.title], counts[index] ?? 0]),
      now,
    );
    await zip.addEntry(DATA_EXPORT_FILES.pdf, async (sink) => {
      for await (const chunk of exportSummaryPdf(summary)) await sink.write(chunk);
    });
    await zip.finish();
    await report(95);
    const { size } = await stat(file);
    const key = dataExportKey(target.userId, target.exportId, randomBytes(8).toString('hex'));
    // PhotoStorage takes bytes: the ZIP (a few MB for years of shifts) is read once to store it.
    await storage.put(key, await readFile(file), 'application/zip');
    return { storageKey: key, sizeBytes: size };
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}
