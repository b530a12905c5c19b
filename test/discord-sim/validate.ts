/**
 * Payload validation against Discord's documented limits (docs/shared discord-platform.md §1.2–1.3, §1.6).
 * Every broken rule is reported as Discord does: 400 / 50035 "Invalid Form Body" with a per-field error tree,
 * except file count (30015) and size (413 / 40005).
 */
import { Errors, FormErrors, type FormPath } from './errors.js';

export const MessageFlags = {
  SuppressEmbeds: 1 << 2,
  Ephemeral: 1 << 6,
  Loading: 1 << 7,
  SuppressNotifications: 1 << 12,
  IsVoiceMessage: 1 << 13,
  IsComponentsV2: 1 << 15,
  HasThread: 1 << 5,
} as const;

export const ComponentType = {
  ActionRow: 1,
  Button: 2,
  StringSelect: 3,
  TextInput: 4,
  UserSelect: 5,
  RoleSelect: 6,
  MentionableSelect: 7,
  ChannelSelect: 8,
  Section: 9,
  TextDisplay: 10,
  Thumbnail: 11,
  MediaGallery: 12,
  File: 13,
  Separator: 14,
  Container: 17,
  Label: 18,
  FileUpload: 19,
} as const;

const SELECT_TYPES = new Set<number>([3, 5, 6, 7, 8]);

export interface IncomingFile {
  index: number;
  filename: string;
  contentType: string;
  data: Buffer;
}

type Json = Record<string, unknown>;

function isObj(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}
function len(v: unknown): number {
  return typeof v === 'string' ? [...v].length : 0;
}

function maxLen(errs: FormErrors, path: FormPath, v: unknown, max: number): void {
  if (typeof v === 'string' && len(v) > max) {
    errs.add(path, 'BASE_TYPE_MAX_LENGTH', `Must be ${max} or fewer in length.`);
  }
}
function rangeLen(errs: FormErrors, path: FormPath, v: unknown, min: number, max: number, required: boolean): void {
  if (v === undefined || v === null) {
    if (required) errs.add(path, 'BASE_TYPE_REQUIRED', 'This field is required');
    return;
  }
  if (typeof v !== 'string') {
    errs.add(path, 'STRING_TYPE_CONVERT', 'Could not interpret value as string.');
    return;
  }
  const n = len(v);
  if (n < min || n > max) errs.add(path, 'BASE_TYPE_BAD_LENGTH', `Must be between ${min} and ${max} in length.`);
}

/** Collects every `attachment://name` reference in embeds and components. */
export function attachmentReferences(payload: Json): Array<{ path: FormPath; name: string }> {
  const refs: Array<{ path: FormPath; name: string }> = [];
  const visit = (v: unknown, path: Array<string | number>): void => {
    if (typeof v === 'string') {
      if (v.startsWith('attachment://')) refs.push({ path, name: v.slice('attachment://'.length) });
      return;
    }
    if (Array.isArray(v)) v.forEach((x, i) => visit(x, [...path, i]));
    else if (isObj(v)) for (const [k, x] of Object.entries(v)) visit(x, [...path, k]);
  };
  visit(payload.embeds, ['embeds']);
  visit(payload.components, ['components']);
  return refs;
}

export function validateEmbeds(embeds: unknown, errs: FormErrors): void {
  if (embeds === undefined || embeds === null) return;
  if (!Array.isArray(embeds)) {
    errs.add(['embeds'], 'LIST_TYPE_CONVERT', 'Must be an array.');
    return;
  }
  if (embeds.length > 10) errs.add(['embeds'], 'BASE_TYPE_MAX_LENGTH', 'Must be 10 or fewer in length.');
  let total = 0;
  embeds.forEach((e: unknown, i) => {
    if (!isObj(e)) return;
    const p = ['embeds', i];
    maxLen(errs, [...p, 'title'], e.title, 256);
    maxLen(errs, [...p, 'description'], e.description, 4096);
    total += len(e.title) + len(e.description);
    if (isObj(e.footer)) {
      maxLen(errs, [...p, 'footer', 'text'], e.footer.text, 2048);
      total += len(e.footer.text);
    }
    if (isObj(e.author)) {
      maxLen(errs, [...p, 'author', 'name'], e.author.name, 256);
      total += len(e.author.name);
    }
    if (Array.isArray(e.fields)) {
      if (e.fields.length > 25) errs.add([...p, 'fields'], 'BASE_TYPE_MAX_LENGTH', 'Must be 25 or fewer in length.');
      e.fields.forEach((f: unknown, j) => {
        if (!isObj(f)) return;
        rangeLen(errs, [...p, 'fields', j, 'name'], f.name, 1, 256, true);
        rangeLen(errs, [...p, 'fields', j, 'value'], f.value, 1, 1024, true);
        total += len(f.name) + len(f.value);
      });
    }
  });
  if (total > 6000) errs.add(['embeds'], 'MAX_EMBED_SIZE_EXCEEDED', 'Embed size exceeds maximum size of 6000');
}

/**
 * Allowed mentions (https://discord.com/developers/docs/resources/message#allowed-mentions-object): `parse` holds
 * "roles", "users" and/or "everyone"; `roles` and `users` hold at most 100 ids each; and "parse: ["users"] and
 * users: [...] are mutually exclusive" (likewise for roles): such a request is rejected.
 */
export function validateAllowedMentions(am: unknown, errs: FormErrors): void {
  if (am === undefined || am === null) return;
  if (!isObj(am)) return errs.add(['allowed_mentions'], 'DICT_TYPE_CONVERT', 'Only dictionaries may be used in a DictType');
  const parse = Array.isArray(am.parse) ? (am.parse as unknown[]) : [];
  parse.forEach((x, i) => {
    if (x !== 'roles' && x !== 'users' && x !== 'everyone')
      errs.add(['allowed_mentions', 'parse', i], 'BASE_TYPE_CHOICES', "Value must be one of ('roles', 'users', 'everyone').");
  });
  for (const k of ['users', 'roles'] as const) {
    const list = am[k];
    if (!Array.isArray(list)) continue;
    if (list.length > 100) errs.add(['allowed_mentions', k], 'BASE_TYPE_MAX_LENGTH', 'Must be 100 or fewer in length.');
    if (list.length > 0 && parse.includes(k))
      errs.add(
        ['allowed_mentions'],
        'MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE',
        `parse:["${k}"] and ${k}: [ids...] are mutually exclusive.`,
      );
  }
}

interface ComponentCtx {
  errs: FormErrors;
  customIds: Map<string, FormPath>;
  /** Numeric component `id`s seen so far (non-zero). */
  ids: Set<number>;
  /** Where the components are sent: a message, or a modal (type 9 callback). */
  surface: 'message' | 'modal';
  count: number;
  textChars: number;
  v2: boolean;
}

function checkCustomId(ctx: ComponentCtx, path: FormPath, id: unknown): void {
  rangeLen(ctx.errs, [...path, 'custom_id'], id, 1, 100, true);
  if (typeof id === 'string') {
    if (ctx.customIds.has(id)) {
      ctx.errs.add([...path, 'custom_id'], 'COMPONENT_CUSTOM_ID_DUPLICATED', 'Component custom id cannot be duplicated');
    } else ctx.customIds.set(id, path);
  }
}

/**
 * Component Reference, "Anatomy of a Component" (https://discord.com/developers/docs/components/reference#anatomy-of-a-component):
 * the optional `id` is a 32-bit integer that "must be unique within the message"; 0 counts as empty.
 */
function checkComponentId(ctx: ComponentCtx, c: Json, path: FormPath): void {
  const id = c.id;
  if (id === undefined || id === null || id === 0) return;
  if (typeof id !== 'number' || !Number.isInteger(id) || id < 0 || id > 0x7fffffff) {
    ctx.errs.add([...path, 'id'], 'NUMBER_TYPE_MAX', 'int value should be between 0 and 2147483647.');
    return;
  }
  if (ctx.ids.has(id)) ctx.errs.add([...path, 'id'], 'COMPONENT_ID_DUPLICATED', 'Component id cannot be duplicated');
  ctx.ids.add(id);
}

/**
 * Button structure and styles (https://discord.com/developers/docs/components/reference#button): label max 80, url
 * max 512; non-link non-premium buttons must have a custom_id and cannot have a url or a sku_id; link buttons must have
 * a url and cannot have a custom_id; premium buttons must have a sku_id and cannot have a custom_id, label, url or emoji.
 */
function validateButton(ctx: ComponentCtx, c: Json, path: FormPath): void {
  const style = c.style;
  if (typeof style !== 'number' || style < 1 || style > 6) {
    ctx.errs.add([...path, 'style'], 'BASE_TYPE_CHOICES', 'Value must be one of (1, 2, 3, 4, 5, 6).');
  }
  maxLen(ctx.errs, [...path, 'label'], c.label, 80);
  maxLen(ctx.errs, [...path, 'url'], c.url, 512);
  if (style === 5) {
    if (!str(c.url)) ctx.errs.add([...path, 'url'], 'BUTTON_COMPONENT_URL_REQUIRED', 'A url is required');
    if (c.custom_id !== undefined)
      ctx.errs.add([...path, 'custom_id'], 'BUTTON_COMPONENT_CUSTOM_ID_NOT_ALLOWED', 'A custom id cannot be specified');
  } else if (style === 6) {
    if (!str(c.sku_id)) ctx.errs.add([...path, 'sku_id'], 'BASE_TYPE_REQUIRED', 'This field is required');
    for (const k of ['custom_id', 'label', 'url', 'emoji'] as const) {
      if (c[k] !== undefined && c[k] !== null)
        ctx.errs.add([...path, k], 'BUTTON_COMPONENT_PREMIUM_FIELD_NOT_ALLOWED', `A premium button cannot have a ${k}`);
    }
  } else {
    checkCustomId(ctx, path, c.custom_id);
    if (c.url !== undefined) ctx.errs.add([...path, 'url'], 'BUTTON_COMPONENT_URL_NOT_ALLOWED', 'A url cannot be specified');
    if (c.sku_id !== undefined && c.sku_id !== null)
      ctx.errs.add([...path, 'sku_id'], 'BUTTON_COMPONENT_SKU_ID_NOT_ALLOWED', 'A sku id cannot be specified');
    if (c.label === undefined && c.emoji === undefined) {
      ctx.errs.add([...path], 'BUTTON_COMPONENT_LABEL_OR_EMOJI_REQUIRED', 'A label or emoji is required');
    }
  }
}

/** Which `default_values[].type` each auto-populated select accepts. */
const DEFAULT_VALUE_TYPES: Record<number, readonly string[]> = {
  [ComponentType.UserSelect]: ['user'],
  [ComponentType.RoleSelect]: ['role'],
  [ComponentType.MentionableSelect]: ['user', 'role'],
  [ComponentType.ChannelSelect]: ['channel'],
};

/**
 * Select menus (https://discord.com/developers/docs/components/reference#string-select and #user-select): custom_id
 * 1-100; placeholder max 150; min_values 0-25 (default 1); max_values 1-25 (default 1); string selects have 1-25
 * options (label/value 1-100, description max 100, unique values). Auto-populated selects (user, role, mentionable,
 * channel): "number of default values must be in the range defined by `min_values` and `max_values`", and each
 * default value's `type` is "user", "role" or "channel" as the select allows (a mismatched type is a 50035, see
 * discord-api-types PR #824). Modals: "Using `disabled` in a modal will result in an error."
 */
function validateSelect(ctx: ComponentCtx, c: Json, path: FormPath): void {
  checkCustomId(ctx, path, c.custom_id);
  maxLen(ctx.errs, [...path, 'placeholder'], c.placeholder, 150);
  if (ctx.surface === 'modal' && c.disabled !== undefined && c.disabled !== null)
    ctx.errs.add([...path, 'disabled'], 'COMPONENT_DISABLED_NOT_ALLOWED_IN_MODAL', 'Modal components cannot be disabled');
  const min = typeof c.min_values === 'number' ? c.min_values : 1;
  const max = typeof c.max_values === 'number' ? c.max_values : 1;
  if (min < 0 || min > 25) ctx.errs.add([...path, 'min_values'], 'NUMBER_TYPE_MAX', 'int value should be between 0 and 25.');
  if (max < 1 || max > 25) ctx.errs.add([...path, 'max_values'], 'NUMBER_TYPE_MAX', 'int value should be between 1 and 25.');
  if (min > max)
    ctx.errs.add([...path, 'min_values'], 'SELECT_COMPONENT_MIN_VALUES_TOO_LARGE', 'min_values must be less than or equal to max_values');
  if (c.type === ComponentType.StringSelect) {
    const options = c.options;
    if (!Array.isArray(options) || options.length < 1 || options.length > 25) {
      ctx.errs.add([...path, 'options'], 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 25 in length.');
      return;
    }
    if (max > options.length) {
      ctx.errs.add(
        [...path, 'max_values'],
        'SELECT_COMPONENT_MAX_VALUES_TOO_LARGE',
        `max_values must be less than or equal to the number of options (${options.length})`,
      );
    }
    const values = new Set<string>();
    let defaults = 0;
    options.forEach((o: unknown, i) => {
      if (!isObj(o)) return;
      const op = [...path, 'options', i];
      rangeLen(ctx.errs, [...op, 'label'], o.label, 1, 100, true);
      rangeLen(ctx.errs, [...op, 'value'], o.value, 1, 100, true);
      maxLen(ctx.errs, [...op, 'description'], o.description, 100);
      if (o.default === true) defaults++;
      if (typeof o.value === 'string') {
        if (values.has(o.value))
          ctx.errs.add([...op, 'value'], 'SELECT_COMPONENT_OPTION_VALUE_DUPLICATED', 'Select component option values must be unique');
        values.add(o.value);
      }
    });
    // Options marked `default` are the select's initial choice: more of them than max_values is refused. The docs
    // state the rule for `default_values` of auto-populated selects (below); for string selects it is observed API
    // behaviour, not written in the option table (the error code here is the simulator's own name).
    if (defaults > max)
      ctx.errs.add(
        [...path, 'options'],
        'SELECT_COMPONENT_TOO_MANY_DEFAULT_VALUES',
        `The number of default options (${defaults}) must be less than or equal to max_values (${max})`,
      );
    return;
  }
  const dv = c.default_values;
  if (dv === undefined || dv === null) return;
  if (!Array.isArray(dv)) {
    ctx.errs.add([...path, 'default_values'], 'LIST_TYPE_CONVERT', 'Must be an array.');
    return;
  }
  if (dv.length < min || dv.length > max)
    ctx.errs.add([...path, 'default_values'], 'BASE_TYPE_BAD_LENGTH', `Must be between ${min} and ${max} in length.`);
  const allowed = DEFAULT_VALUE_TYPES[c.type as number] ?? [];
  dv.forEach((d: unknown, i) => {
    const dp = [...path, 'default_values', i];
    if (!isObj(d)) return ctx.errs.add(dp, 'DICT_TYPE_CONVERT', 'Only dictionaries may be used in a DictType');
    if (typeof d.id !== 'string' || !/^\d{1,20}$/.test(d.id))
      ctx.errs.add([...dp, 'id'], 'NUMBER_TYPE_COERCE', `Value "${String(d.id)}" is not snowflake.`);
    if (typeof d.type !== 'string' || !allowed.includes(d.type))
      ctx.errs.add([...dp, 'type'], 'BASE_TYPE_CHOICES', `Value must be one of (${allowed.map((a) => `'${a}'`).join(', ')}).`);
  });
}

function validateMedia(ctx: ComponentCtx, media: unknown, path: FormPath): void {
  if (!isObj(media) || !str(media.url)) ctx.errs.add([...path, 'url'], 'BASE_TYPE_REQUIRED', 'This field is required');
}

function validateComponent(
  ctx: ComponentCtx,
  c: unknown,
  path: FormPath,
  where: 'top' | 'row' | 'container' | 'section' | 'accessory',
): void {
  if (!isObj(c)) {
    ctx.errs.add(path, 'DICT_TYPE_CONVERT', 'Only dictionaries may be used in a DictType');
    return;
  }
  ctx.count++;
  checkComponentId(ctx, c, path);
  const t = c.type;
  const bad = (): void =>
    ctx.errs.add(
      [...path, 'type'],
      'UNION_TYPE_CHOICES',
      `Value of field "type" must be one of the allowed component types here (got ${String(t)}).`,
    );
  switch (t) {
    case ComponentType.ActionRow: {
      if (where !== 'top' && where !== 'container') return bad();
      const children = Array.isArray(c.components) ? c.components : [];
      if (children.length < 1 || children.length > 5) {
        ctx.errs.add([...path, 'components'], 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 5 in length.');
      }
      const hasSelect = children.some((x: unknown) => isObj(x) && SELECT_TYPES.has(x.type as number));
      if (hasSelect && children.length > 1) {
        ctx.errs.add([...path, 'components'], 'COMPONENT_LAYOUT_WIDTH_EXCEEDED', 'The specified component exceeds the maximum width');
      }
      children.forEach((x: unknown, i: number) => validateComponent(ctx, x, [...path, 'components', i], 'row'));
      return;
    }
    case ComponentType.Button:
      if (where !== 'row' && where !== 'accessory') return bad();
      return validateButton(ctx, c, path);
    case 3:
    case 5:
    case 6:
    case 7:
    case 8:
      if (where !== 'row') return bad();
      return validateSelect(ctx, c, path);
    case ComponentType.TextInput:
      return bad();
    case ComponentType.Section: {
      if (!ctx.v2 || (where !== 'top' && where !== 'container')) return bad();
      const children = Array.isArray(c.components) ? c.components : [];
      if (children.length < 1 || children.length > 3)
        ctx.errs.add([...path, 'components'], 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 3 in length.');
      children.forEach((x: unknown, i: number) => {
        if (isObj(x) && x.type !== ComponentType.TextDisplay)
          ctx.errs.add([...path, 'components', i, 'type'], 'UNION_TYPE_CHOICES', 'Section children must be text displays');
        validateComponent(ctx, x, [...path, 'components', i], 'section');
      });
      if (c.accessory === undefined) ctx.errs.add([...path, 'accessory'], 'BASE_TYPE_REQUIRED', 'This field is required');
      else validateComponent(ctx, c.accessory, [...path, 'accessory'], 'accessory');
      return;
    }
    case ComponentType.TextDisplay:
      if (!ctx.v2 || where === 'row' || where === 'accessory') return bad();
      rangeLen(ctx.errs, [...path, 'content'], c.content, 1, 4000, true);
      ctx.textChars += len(c.content);
      return;
    case ComponentType.Thumbnail:
      if (!ctx.v2 || where !== 'accessory') return bad();
      validateMedia(ctx, c.media, [...path, 'media']);
      maxLen(ctx.errs, [...path, 'description'], c.description, 1024);
      return;
    case ComponentType.MediaGallery: {
      if (!ctx.v2 || (where !== 'top' && where !== 'container')) return bad();
      const items = Array.isArray(c.items) ? c.items : [];
      if (items.length < 1 || items.length > 10)
        ctx.errs.add([...path, 'items'], 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 10 in length.');
      items.forEach((it: unknown, i: number) => {
        validateMedia(ctx, isObj(it) ? it.media : undefined, [...path, 'items', i, 'media']);
        if (isObj(it)) maxLen(ctx.errs, [...path, 'items', i, 'description'], it.description, 1024);
      });
      return;
    }
    case ComponentType.File: {
      if (!ctx.v2 || (where !== 'top' && where !== 'container')) return bad();
      const f = c.file;
      if (!isObj(f) || !str(f.url)?.startsWith('attachment://')) {
        ctx.errs.add(
          [...path, 'file', 'url'],
          'UNFURLED_MEDIA_ITEM_ATTACHMENT_REQUIRED',
          'File components only support attachment:// urls',
        );
      }
      return;
    }
    case ComponentType.Separator:
      if (!ctx.v2 || (where !== 'top' && where !== 'container')) return bad();
      if (c.spacing !== undefined && c.spacing !== 1 && c.spacing !== 2)
        ctx.errs.add([...path, 'spacing'], 'BASE_TYPE_CHOICES', 'Value must be one of (1, 2).');
      return;
    case ComponentType.Container: {
      if (!ctx.v2 || where !== 'top') return bad();
      const children = Array.isArray(c.components) ? c.components : [];
      if (children.length < 1) ctx.errs.add([...path, 'components'], 'BASE_TYPE_MIN_LENGTH', 'Must be 1 or more in length.');
      // Container structure: accent_color is "RGB from 0x000000 to 0xFFFFFF" (or null).
      const accent = c.accent_color;
      if (
        accent !== undefined &&
        accent !== null &&
        (typeof accent !== 'number' || !Number.isInteger(accent) || accent < 0 || accent > 0xffffff)
      )
        ctx.errs.add([...path, 'accent_color'], 'NUMBER_TYPE_MAX', 'int value should be less than or equal to 16777215.');
      children.forEach((x: unknown, i: number) => validateComponent(ctx, x, [...path, 'components', i], 'container'));
      return;
    }
    default:
      return bad();
  }
}

/** Validates `components` for a message with the given final flags. */
export function validateMessageComponents(components: unknown, flags: number, errs: FormErrors): void {
  if (components === undefined || components === null) return;
  if (!Array.isArray(components)) {
    errs.add(['components'], 'LIST_TYPE_CONVERT', 'Must be an array.');
    return;
  }
  const v2 = (flags & MessageFlags.IsComponentsV2) !== 0;
  const ctx: ComponentCtx = { errs, customIds: new Map(), ids: new Set(), surface: 'message', count: 0, textChars: 0, v2 };
  if (!v2 && components.length > 5) errs.add(['components'], 'BASE_TYPE_MAX_LENGTH', 'Must be 5 or fewer in length.');
  components.forEach((c: unknown, i) => validateComponent(ctx, c, ['components', i], 'top'));
  if (v2) {
    if (ctx.count > 40)
      errs.add(
        ['components'],
        'COMPONENT_MAX_TOTAL_COMPONENTS_EXCEEDED',
        `The total number of components (${ctx.count}) exceeds the maximum of 40`,
      );
    if (ctx.textChars > 4000)
      errs.add(
        ['components'],
        'COMPONENT_MAX_TEXT_DISPLAY_LENGTH_EXCEEDED',
        `The total text display length (${ctx.textChars}) exceeds the maximum of 4000`,
      );
  }
}

/** Counts components (for tests and reports); rows and nested children included. */
export function countComponents(components: unknown): number {
  let n = 0;
  const visit = (c: unknown): void => {
    if (!isObj(c)) return;
    n++;
    if (Array.isArray(c.components)) c.components.forEach(visit);
    if (c.accessory) visit(c.accessory);
    if (c.component) visit(c.component);
  };
  if (Array.isArray(components)) components.forEach(visit);
  return n;
}

export interface MessageValidationInput {
  payload: Json;
  files: IncomingFile[];
  /** Flags the message ends up with (after merging an edit). */
  finalFlags: number;
  /** Flags the message had before an edit, if it is an edit. */
  previousFlags?: number;
  /** Filenames of attachments the message will keep (edits). */
  keptFilenames: string[];
  attachmentSizeLimit: number;
  /** Interaction routes accept flag 64; channel routes don't. */
  allowEphemeral: boolean;
  /** Flags as sent by the bot (checked for validity); defaults to `payload.flags`. */
  sentFlags?: number;
}

/** Throws an ApiError for the first category of broken rule. */
export function validateMessage(input: MessageValidationInput): void {
  const { payload, files } = input;
  if (files.length > 10) throw Errors.tooManyFiles();
  let total = 0;
  for (const f of files) {
    if (f.data.length > input.attachmentSizeLimit) throw Errors.tooLarge();
    total += f.data.length;
  }
  if (total > 25 * 1024 * 1024) throw Errors.tooLarge();

  const errs = new FormErrors();
  const flags = input.sentFlags ?? (typeof payload.flags === 'number' ? payload.flags : 0);
  if (!input.allowEphemeral && (flags & MessageFlags.Ephemeral) !== 0) {
    errs.add(['flags'], 'MESSAGE_FLAGS_INVALID', 'Ephemeral messages can only be sent in response to an interaction');
  }
  const allowed =
    MessageFlags.SuppressEmbeds |
    MessageFlags.SuppressNotifications |
    MessageFlags.IsComponentsV2 |
    MessageFlags.IsVoiceMessage |
    (input.allowEphemeral ? MessageFlags.Ephemeral : 0);
  if ((flags & ~allowed) !== 0 && (flags & ~allowed) !== MessageFlags.Ephemeral) {
    errs.add(['flags'], 'MESSAGE_FLAGS_INVALID', `Invalid flags ${flags & ~allowed}`);
  }
  if (
    input.previousFlags !== undefined &&
    (input.previousFlags & MessageFlags.IsComponentsV2) !== 0 &&
    (input.finalFlags & MessageFlags.IsComponentsV2) === 0
  ) {
    errs.add(['flags'], 'MESSAGE_CANNOT_REMOVE_COMPONENTS_V2_FLAG', 'The IS_COMPONENTS_V2 flag cannot be removed once set');
  }
  const v2 = (input.finalFlags & MessageFlags.IsComponentsV2) !== 0;
  if (typeof payload.content === 'string') maxLen(errs, ['content'], payload.content, 2000);
  if (v2) {
    if (typeof payload.content === 'string' && payload.content.length > 0) {
      errs.add(
        ['content'],
        'MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2',
        "The 'content' field cannot be used when using MessageFlags.IS_COMPONENTS_V2",
      );
    }
    if (Array.isArray(payload.embeds) && payload.embeds.length > 0) {
      errs.add(
        ['embeds'],
        'MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2',
        "The 'embeds' field cannot be used when using MessageFlags.IS_COMPONENTS_V2",
      );
    }
  }
  if (v2) {
    for (const k of ['sticker_ids', 'poll'] as const) {
      if (payload[k] !== undefined && payload[k] !== null)
        errs.add(
          [k],
          'MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2',
          `The '${k}' field cannot be used when using MessageFlags.IS_COMPONENTS_V2`,
        );
    }
  }
  // Attachment alt text: `attachments[].description`, at most 1024 characters.
  if (Array.isArray(payload.attachments)) {
    payload.attachments.forEach((a: unknown, i) => {
      if (isObj(a)) maxLen(errs, ['attachments', i, 'description'], a.description, 1024);
    });
  }
  validateEmbeds(payload.embeds, errs);
  validateAllowedMentions(payload.allowed_mentions, errs);
  validateMessageComponents(payload.components, input.finalFlags, errs);
  const names = new Set([...input.keptFilenames, ...files.map((f) => f.filename)]);
  for (const ref of attachmentReferences(payload)) {
    if (!names.has(ref.name)) {
      errs.add(ref.path, 'ATTACHMENT_NOT_FOUND', `Attachment "${ref.name}" referenced by attachment:// was not uploaded with this message`);
    }
  }
  errs.throwIfAny();
}

/**
 * Validates a type-9 modal callback's data (§1.1, §1.2). Sources: Interaction response "Modal"
 * (https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-response-object-modal):
 * custom_id 1-100, title max 45, 1-5 components; Component Reference (#text-input, #label, #string-select): text inputs
 * have custom_id 1-100, style 1|2, min_length 0-4000, max_length 1-4000, value max 4000, placeholder max 100, label
 * max 45 (outside a Label); a Label has label max 45, description max 100 and one text input, select or file upload;
 * "Using `disabled` in a modal will result in an error."
 */
export function validateModal(data: unknown): void {
  const errs = new FormErrors();
  if (!isObj(data)) throw FormErrors.single(['data'], 'BASE_TYPE_REQUIRED', 'This field is required');
  rangeLen(errs, ['data', 'custom_id'], data.custom_id, 1, 100, true);
  rangeLen(errs, ['data', 'title'], data.title, 1, 45, true);
  const comps = Array.isArray(data.components) ? data.components : [];
  if (comps.length < 1 || comps.length > 5) errs.add(['data', 'components'], 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 5 in length.');
  const ctx: ComponentCtx = { errs, customIds: new Map(), ids: new Set(), surface: 'modal', count: 0, textChars: 0, v2: false };
  const input = (c: Json, path: FormPath, inLabel: boolean): void => {
    const p = [...path];
    checkComponentId(ctx, c, p);
    if (c.type === ComponentType.TextInput) {
      checkCustomId(ctx, p, c.custom_id);
      if (!inLabel) rangeLen(errs, [...p, 'label'], c.label, 1, 45, true);
      else if (c.label !== undefined)
        errs.add([...p, 'label'], 'TEXT_INPUT_LABEL_NOT_ALLOWED', 'Text inputs inside a label cannot have a label');
      if (c.style !== 1 && c.style !== 2) errs.add([...p, 'style'], 'BASE_TYPE_CHOICES', 'Value must be one of (1, 2).');
      maxLen(errs, [...p, 'placeholder'], c.placeholder, 100);
      const minOk = typeof c.min_length !== 'number' || (c.min_length >= 0 && c.min_length <= 4000);
      const maxOk = typeof c.max_length !== 'number' || (c.max_length >= 1 && c.max_length <= 4000);
      if (!minOk) errs.add([...p, 'min_length'], 'NUMBER_TYPE_MAX', 'int value should be between 0 and 4000.');
      if (!maxOk) errs.add([...p, 'max_length'], 'NUMBER_TYPE_MAX', 'int value should be between 1 and 4000.');
      const lo = typeof c.min_length === 'number' && minOk ? c.min_length : 0;
      const hi = typeof c.max_length === 'number' && maxOk ? c.max_length : 4000;
      if (lo > hi) errs.add([...p, 'min_length'], 'TEXT_INPUT_MIN_LENGTH_TOO_LARGE', 'min_length must be less than or equal to max_length');
      // The pre-filled value is held to the input's own bounds (max 4000 whatever max_length says): Discord answers a
      // value longer than max_length, or a non-empty one shorter than min_length, with a length error on `value`.
      // (Observed API behaviour; the docs only write "max 4000 characters" for `value`.)
      if (typeof c.value === 'string' && lo <= hi) {
        const n = len(c.value);
        if (n > hi || (n > 0 && n < lo)) errs.add([...p, 'value'], 'BASE_TYPE_BAD_LENGTH', `Must be between ${lo} and ${hi} in length.`);
      } else maxLen(errs, [...p, 'value'], c.value, 4000);
      if (c.disabled !== undefined && c.disabled !== null)
        errs.add([...p, 'disabled'], 'COMPONENT_DISABLED_NOT_ALLOWED_IN_MODAL', 'Modal components cannot be disabled');
    } else if (inLabel && SELECT_TYPES.has(c.type as number)) {
      validateSelect(ctx, c, p);
    } else if (inLabel && c.type === ComponentType.FileUpload) {
      checkCustomId(ctx, p, c.custom_id);
    } else {
      errs.add([...p, 'type'], 'UNION_TYPE_CHOICES', 'Invalid modal component type');
    }
  };
  comps.forEach((c: unknown, i) => {
    const path = ['data', 'components', i];
    if (!isObj(c)) return;
    checkComponentId(ctx, c, path);
    if (c.type === ComponentType.ActionRow) {
      const kids = Array.isArray(c.components) ? c.components : [];
      if (kids.length !== 1) errs.add([...path, 'components'], 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 1 in length.');
      kids.forEach((k: unknown, j: number) => isObj(k) && input(k, [...path, 'components', j], false));
    } else if (c.type === ComponentType.Label) {
      rangeLen(errs, [...path, 'label'], c.label, 1, 45, true);
      maxLen(errs, [...path, 'description'], c.description, 100);
      if (isObj(c.component)) input(c.component, [...path, 'component'], true);
      else errs.add([...path, 'component'], 'BASE_TYPE_REQUIRED', 'This field is required');
    } else if (c.type === ComponentType.TextDisplay) {
      rangeLen(errs, [...path, 'content'], c.content, 1, 4000, true);
    } else {
      errs.add([...path, 'type'], 'UNION_TYPE_CHOICES', 'Invalid modal component type');
    }
  });
  errs.throwIfAny();
}

export const VALID_LOCALES = new Set([
  'id',
  'da',
  'de',
  'en-GB',
  'en-US',
  'es-ES',
  'es-419',
  'fr',
  'hr',
  'it',
  'lt',
  'hu',
  'nl',
  'no',
  'pl',
  'pt-BR',
  'ro',
  'fi',
  'sv-SE',
  'vi',
  'tr',
  'cs',
  'el',
  'bg',
  'ru',
  'uk',
  'hi',
  'th',
  'zh-CN',
  'ja',
  'zh-TW',
  'ko',
]);

const NAME_RE = /^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;

function validateName(errs: FormErrors, path: FormPath, name: unknown, chatInput: boolean): void {
  if (typeof name !== 'string') {
    errs.add(path, 'BASE_TYPE_REQUIRED', 'This field is required');
    return;
  }
  if (chatInput) {
    if (!NAME_RE.test(name)) errs.add(path, 'APPLICATION_COMMAND_INVALID_NAME', 'Command name is invalid');
    else if (name !== name.toLowerCase()) errs.add(path, 'APPLICATION_COMMAND_INVALID_NAME', 'Command name must be lowercase');
  } else rangeLen(errs, path, name, 1, 32, true);
}

function validateLocalizations(errs: FormErrors, path: FormPath, loc: unknown, kind: 'name' | 'description', chatInput: boolean): number {
  if (!isObj(loc)) return 0;
  let longest = 0;
  for (const [k, v] of Object.entries(loc)) {
    if (!VALID_LOCALES.has(k)) errs.add([...path, k], 'LOCALE_INVALID', `Invalid locale ${k}`);
    if (v === null) continue;
    if (kind === 'name') validateName(errs, [...path, k], v, chatInput);
    else rangeLen(errs, [...path, k], v, 1, 100, true);
    longest = Math.max(longest, len(v));
  }
  return longest;
}

/** Validates one application command definition (§1.6); returns its character count. */
export function validateCommand(cmd: unknown, errs: FormErrors, path: FormPath): void {
  if (!isObj(cmd)) {
    errs.add(path, 'DICT_TYPE_CONVERT', 'Only dictionaries may be used in a DictType');
    return;
  }
  const type = typeof cmd.type === 'number' ? cmd.type : 1;
  const chatInput = type === 1;
  let chars = 0;
  validateName(errs, [...path, 'name'], cmd.name, chatInput);
  chars += Math.max(len(cmd.name), validateLocalizations(errs, [...path, 'name_localizations'], cmd.name_localizations, 'name', chatInput));
  if (chatInput) {
    rangeLen(errs, [...path, 'description'], cmd.description, 1, 100, true);
    chars += Math.max(
      len(cmd.description),
      validateLocalizations(errs, [...path, 'description_localizations'], cmd.description_localizations, 'description', true),
    );
  }
  const visitOptions = (opts: unknown, p: FormPath, depth: number): void => {
    if (opts === undefined || opts === null) return;
    if (!Array.isArray(opts)) return errs.add(p, 'LIST_TYPE_CONVERT', 'Must be an array.');
    if (opts.length > 25) errs.add(p, 'BASE_TYPE_MAX_LENGTH', 'Must be 25 or fewer in length.');
    const names = new Set<string>();
    let seenOptional = false;
    const subs = opts.filter((o: unknown) => isObj(o) && (o.type === 1 || o.type === 2)).length;
    if (subs > 0 && subs !== opts.length)
      errs.add(
        p,
        'APPLICATION_COMMAND_OPTIONS_TYPE_INVALID',
        'Sub-command and sub-command group option types are mutually exclusive to all other types',
      );
    opts.forEach((o: unknown, i) => {
      if (!isObj(o)) return;
      const op = [...p, i];
      validateName(errs, [...op, 'name'], o.name, true);
      rangeLen(errs, [...op, 'description'], o.description, 1, 100, true);
      chars += Math.max(len(o.name), validateLocalizations(errs, [...op, 'name_localizations'], o.name_localizations, 'name', true));
      chars += Math.max(
        len(o.description),
        validateLocalizations(errs, [...op, 'description_localizations'], o.description_localizations, 'description', true),
      );
      if (typeof o.name === 'string') {
        if (names.has(o.name)) errs.add([...op, 'name'], 'APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS', 'Option names must be unique');
        names.add(o.name);
      }
      if (typeof o.type !== 'number' || o.type < 1 || o.type > 11) errs.add([...op, 'type'], 'BASE_TYPE_CHOICES', 'Invalid option type');
      if (o.type === 1 || o.type === 2) {
        if (depth >= (o.type === 2 ? 1 : 2))
          errs.add([...op, 'type'], 'APPLICATION_COMMAND_OPTIONS_TYPE_INVALID', 'Sub-commands nest too deep');
        visitOptions(o.options, [...op, 'options'], depth + 1);
      } else {
        if (o.required) {
          if (seenOptional)
            errs.add(
              [...op, 'required'],
              'APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID',
              'Required options must be placed before non-required options',
            );
        } else seenOptional = true;
        if (Array.isArray(o.choices)) {
          if (o.choices.length > 25) errs.add([...op, 'choices'], 'BASE_TYPE_MAX_LENGTH', 'Must be 25 or fewer in length.');
          o.choices.forEach((ch: unknown, j: number) => {
            if (!isObj(ch)) return;
            rangeLen(errs, [...op, 'choices', j, 'name'], ch.name, 1, 100, true);
            chars += Math.max(
              len(ch.name),
              validateLocalizations(errs, [...op, 'choices', j, 'name_localizations'], ch.name_localizations, 'description', true),
            );
            chars += len(typeof ch.value === 'string' ? ch.value : String(ch.value));
          });
        }
      }
    });
  };
  visitOptions(cmd.options, [...path, 'options'], 0);
  if (chars > 8000) errs.add(path, 'APPLICATION_COMMAND_TOO_LARGE', `Command exceeds maximum size (8000): ${chars}`);
}
