import type { z } from 'zod';
import { API } from './api';
import type { Role } from './roles';

/**
 * One REST resource under /api/beer/backstage/<name>, described once. The server's guards and list
 * parser, the console's refine resources and access control, and the mock engine all read this; the
 * API permission table (apiPermissions below) is derived from it.
 */

/**
 * How a list filter's query-string value is read. `like`, `gte` and `lte` are allowed by kind:
 * like on text only, ranges on int, day, instant and text. An instant filter also takes a calendar
 * day (Asia/Shanghai), meaning that whole day; a day filter takes only days.
 */
export type FilterField =
  | { kind: 'int' }
  | { kind: 'text' }
  | { kind: 'bool' }
  | { kind: 'day' }
  | { kind: 'instant' }
  | { kind: 'enum'; values: readonly (string | number)[] };

export const filter = {
  int: { kind: 'int' },
  text: { kind: 'text' },
  bool: { kind: 'bool' },
  day: { kind: 'day' },
  instant: { kind: 'instant' },
  oneOf: (values: readonly (string | number)[]) => ({ kind: 'enum', values }) as const,
} as const satisfies Record<string, FilterField | ((...a: never[]) => FilterField)>;

/** The verbs of docs/api.md; an action is `POST /:id/<action>` or `POST /<action>`. */
type CrudVerb = 'list' | 'read' | 'create' | 'update' | 'delete';

export interface ResourceDescriptor<
  Name extends string = string,
  Row = unknown,
  Filters extends Record<string, FilterField> = Record<string, FilterField>,
  Actions extends string = string,
> {
  /** Path segment under /api/beer/backstage and the console's refine resource name. */
  name: Name;
  /** Who may list and read rows. */
  read: readonly Role[];
  /** Who may create, update and delete. */
  write: readonly Role[];
  /** Extra calls and who may make them. */
  actions: Readonly<Record<Actions, readonly Role[]>>;
  /**
   * A shop-manager reads and writes only rows of its session's current shop (another shop's row
   * answers 404 as if it did not exist); admin and financial-staff see all shops.
   */
  shopScoped: boolean;
  schemas: {
    /** A row as GET list and GET /:id answer it. */
    row: z.ZodType<Row>;
    create: z.ZodType;
    update: z.ZodType;
  };
  /** Fields a list may filter (field=, field_like=, field_gte=, field_lte=, field_ne=) by API name. */
  filters: Filters;
  /** Fields a list may sort on (_sort); each one is also a filter. */
  sortable: readonly (keyof Filters & string)[];
  /** Whether q= searches, and what it matches (for the docs and the search box's placeholder). */
  search?: string;
  /**
   * History (orders, appointments, staff…) can keep rows from being deleted: GET /delete-blocks?ids=
   * says which of a page's rows and why (contract/deleteBlock.ts), guarded as a delete.
   */
  deleteBlocks?: boolean;
  /** 404 text: "门店不存在". */
  missing: string;
  /** i18n key of the resource's name, and the namespace of its field labels (`<labels>.fields.<field>`). */
  labels: string;
}

/** Keeps the literal types of a descriptor while checking it against the interface. */
export function defineResource<
  const Name extends string,
  Row,
  const Filters extends Record<string, FilterField>,
  const Actions extends string = never,
>(d: ResourceDescriptor<Name, Row, Filters, Actions>): ResourceDescriptor<Name, Row, Filters, Actions> {
  return d;
}

export function resourcePath(d: Pick<ResourceDescriptor, 'name'>): string {
  return `${API.resourceBase}/${d.name}`;
}

export type ApiVerb = CrudVerb | `action:${string}`;

/** Whether a role may make a call on a resource; the server answers 40300 where this says no. */
export function apiAllows(d: Pick<ResourceDescriptor, 'read' | 'write' | 'actions'>, verb: ApiVerb, role: Role | undefined): boolean {
  if (!role) return false;
  if (verb === 'list' || verb === 'read') return d.read.includes(role);
  if (verb === 'create' || verb === 'update' || verb === 'delete') return d.write.includes(role);
  const action = verb.slice('action:'.length);
  return Object.hasOwn(d.actions, action) && (d.actions as Record<string, readonly Role[]>)[action].includes(role);
}
