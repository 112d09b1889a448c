import { z } from 'zod';

import { jsonTextBytes, sealedValueSchema } from '../db/entities/sealed-value.ts';
import { everyFieldAt, sharedHlc } from '../db/hlc.ts';

/**
 * Wire shapes of sync_push and sync_pull (docs/sync.md R1–R4). Both directions are validated: the
 * engine parses every response (a malformed one is an error that loses nothing, R4) and the server
 * model parses every request.
 */
/**
 * The one wire format of push, pull and poke (R4, ADR 0133): a pulled or poked row whose fields all share
 * one HLC carries it as one string. Every request names it, so a server can refuse a format it does not
 * speak rather than misread it.
 */
export const PROTOCOL_VERSION = 2;
export const MAX_PUSH_MUTATIONS = 200;
/** Rows per pull page the engine asks for unless told otherwise (SyncEngineOptions.pullLimit). */
export const DEFAULT_PULL_LIMIT = 1_000;

const HLC_MAX_LENGTH = 80;
/** The longest text field (a note body). */
const MAX_TEXT_LENGTH = 1_000_000;
const hlcString = z.string().max(HLC_MAX_LENGTH);
const tableName = z.string().min(1).max(40);
const rowId = z.string().min(1).max(64);

const pushMutationSchema = z.strictObject({
  seq: z.number().int().positive(),
  mutation_id: z.string().min(1).max(64),
  table: tableName,
  id: rowId,
  patch: z.record(z.string(), z.unknown()),
  hlc: z.record(z.string(), hlcString),
  base: z.record(z.string(), hlcString),
  /**
   * The text each text field showed when its change was planned, where that was not empty. A server keeps
   * it with a conflict the change takes part in, so a device can merge the two sides three-way (R40).
   */
  base_text: z
    .record(
      z.string(),
      // Sealed like the field it is the base of when the journal is encrypted (ADR 0151).
      z.union([z.string().max(MAX_TEXT_LENGTH), sealedValueSchema(jsonTextBytes(MAX_TEXT_LENGTH))]),
    )
    .optional(),
});
export type PushMutation = z.infer<typeof pushMutationSchema>;

export const pushRequestSchema = z.strictObject({
  protocol: z.literal(PROTOCOL_VERSION),
  client_id: z.string().min(1).max(64),
  /** The owner of the outbox; the server refuses it unless it is the signed-in user (R31). */
  user_id: z.string().min(1).max(64),
  mutations: z.array(pushMutationSchema).max(MAX_PUSH_MUTATIONS),
});
export type PushRequest = z.infer<typeof pushRequestSchema>;

/** What JSON.parse makes of `{…}`: not an array, not null. */
function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A pulled row's data and HLCs, with the rules of `z.record(z.string(), …)` checked in one pass: zod's
 * record schema checks entry by entry through its generic path, and was over half of a pulled row's
 * check (6.5 of 10.7 µs a row in Node; a first sync checks ten thousand). The data is then checked
 * field by field against its table's schema (validatePulledRows).
 */
const pulledData = z.custom<Record<string, unknown>>(isJsonObject, { message: 'data must be an object' });
function isHlcMap(value: unknown): value is Record<string, string> {
  return (
    isJsonObject(value) &&
    Object.values(value).every((hlc) => typeof hlc === 'string' && hlc.length <= HLC_MAX_LENGTH)
  );
}
const pulledHlcs = z.custom<Record<string, string>>(isHlcMap, {
  message: `hlc must map each field to a string of at most ${HLC_MAX_LENGTH} characters`,
});

/**
 * The server's side of the compact form (R4): one string when the map has exactly the data's fields and
 * they all have the same HLC, else the map (the rule of page_rows, from which sync_pull and the pokes render rows).
 */
export function compactHlcs(
  data: Record<string, unknown>,
  hlcs: Record<string, string>,
): string | Record<string, string> {
  return sharedHlc(Object.keys(data), hlcs) ?? hlcs;
}

type WireServerRow = {
  table: string;
  id: string;
  version: number;
  data: Record<string, unknown>;
  hlc: string | Record<string, string>;
};

/**
 * A row's HLCs as one string (R4) are every field's: expanded as the row is checked, so
 * everything after the check sees the map the server stores.
 */
function withHlcMap(row: WireServerRow) {
  return {
    ...row,
    hlc: typeof row.hlc === 'string' ? everyFieldAt(Object.keys(row.data), row.hlc) : row.hlc,
  };
}

export const serverRowSchema = z
  .strictObject({
    table: tableName,
    id: rowId,
    version: z.number().int().positive(),
    data: pulledData,
    hlc: z.union([hlcString, pulledHlcs]),
  })
  .transform(withHlcMap);
export type ServerRow = z.output<typeof serverRowSchema>;

function isBoundedString(value: unknown, min: number, max: number): value is string {
  return typeof value === 'string' && value.length >= min && value.length <= max;
}

/**
 * serverRowSchema's rules written out, for the rows that pass them: zod's object, union and transform
 * cost over 3 µs a row in Node, most of a pulled row's check before its data's (a first sync checks
 * ten thousand). A row that fails them goes to zod, for its message.
 */
function isWireServerRow(raw: unknown): raw is WireServerRow {
  if (!isJsonObject(raw) || Object.keys(raw).length !== 5) return false;
  const { table, id, version, data, hlc } = raw;
  return (
    isBoundedString(table, 1, 40) &&
    isBoundedString(id, 1, 64) &&
    typeof version === 'number' &&
    Number.isSafeInteger(version) &&
    version > 0 &&
    isJsonObject(data) &&
    (isBoundedString(hlc, 0, HLC_MAX_LENGTH) || isHlcMap(hlc))
  );
}

/** serverRowSchema.safeParse, with its rules checked without zod first. */
export function safeParseServerRow(raw: unknown): z.ZodSafeParseResult<ServerRow> {
  if (isWireServerRow(raw)) return { success: true, data: withHlcMap(raw) };
  return serverRowSchema.safeParse(raw);
}

const pushResultSchema = z.strictObject({
  seq: z.number().int().positive(),
  status: z.enum(['applied', 'duplicate', 'rejected']),
  reason: z.string().max(500).optional(),
});
export type PushResult = z.infer<typeof pushResultSchema>;

export const pushResponseSchema = z.strictObject({
  last_mutation_seq: z.number().int().min(0),
  clock: z.number().int().min(0),
  results: z.array(pushResultSchema),
});
export type PushResponse = z.infer<typeof pushResponseSchema>;

export const pullRequestSchema = z.strictObject({
  protocol: z.literal(PROTOCOL_VERSION),
  client_id: z.string().min(1).max(64),
  user_id: z.string().min(1).max(64),
  cursor: z.number().int().min(0),
  limit: z.number().int().min(1).max(1000),
  want_digest: z.boolean(),
});
export type PullRequest = z.infer<typeof pullRequestSchema>;

const tableDigestSchema = z.strictObject({
  count: z.number().int().min(0),
  hash: z.number().int().min(0),
});
export type TableDigest = z.infer<typeof tableDigestSchema>;

/** A pull page around its rows, the rows themselves unchecked: a fetched page checks them in slices. */
function pullPageSchema<Row extends z.ZodType>(row: Row) {
  return z.union([
    z.strictObject({ reset_required: z.literal(true) }),
    z.strictObject({
      reset_required: z.literal(false),
      rows: z.array(row),
      next_cursor: z.number().int().min(0),
      has_more: z.boolean(),
      clock: z.number().int().min(0),
      last_mutation_seq: z.number().int().min(0),
      /** Present when asked for and the page is the last one: digest of every row at `clock` (R28). */
      digest: z.record(z.string(), tableDigestSchema).optional(),
    }),
  ]);
}

export const pullResponseSchema = pullPageSchema(serverRowSchema);

/** Most rows a poke carries (R27a); the server also keeps their JSON to 6,000 bytes. */
export const MAX_POKE_ROWS = 20;

/**
 * What a poke carries besides its version, when the commit that poked wrote few rows (R27a): every row
 * whose version is after `from` (the clock the commit found) and up to the poke's version. The rows
 * are left unchecked here, as in a pull page: validatePulledRows checks each against its table. Other
 * keys are ignored: hosted Realtime adds an `id` to every payload `realtime.send` sends, and a server
 * may add more.
 */
export const pokePageSchema = z.object({
  from: z.number().int().min(0),
  rows: z.array(z.unknown()).min(1).max(MAX_POKE_ROWS),
});
export const pullEnvelopeSchema = pullPageSchema(z.unknown());
export type PullEnvelope = z.infer<typeof pullEnvelopeSchema>;
export type PullResponse = z.infer<typeof pullResponseSchema>;
/** A checked pull page: on a device without the key, the rows it keeps sealed come beside its rows (R47). */
export type CheckedPullPage = PullResponse & { kept?: ServerRow[] };
/** A pull page as the server sends it: rows may carry their HLCs compact. */
export type PullWireResponse = z.input<typeof pullResponseSchema>;
