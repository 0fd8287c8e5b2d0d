// The page composer (issue 16 item 7): a dd__pageLayout's sections, their columns and the blocks in each,
// edited with plain form controls. Each section, column and block can be added, removed and moved up or
// down with buttons (no drag and drop), and every setting of spec 03 §2.3 has its labelled control, folded
// in a <details> so a long page stays readable. The layout lives in the editor's state; Save sends it whole.

import {
  CONTENT_TYPES,
  TEXT_BLOCK_PADDINGS,
  TEXT_BLOCK_STYLES,
  type AdminContentSummary,
  type BlockDefinition,
  type BlockType,
  type ColumnDefinition,
  type LayoutDirection,
  type PageLayoutContentBody,
  type SectionDefinition,
  type TextBlockDefinition,
  type TextTagName,
} from '@store/core';
import { useState, type ReactNode } from 'react';
import {
  BLOCK_CONTENT_TYPE,
  BLOCK_LABELS,
  moved,
  newBlock,
  newColumn,
  newSection,
  removed,
  replaced,
} from './content-form.ts';
import { HtmlField } from './content-editors.tsx';
import {
  CheckInput,
  choices,
  ColourInput,
  ContentPicker,
  LinkPicker,
  optional,
  SelectInput,
  TextArea,
  TextInput,
} from './content-fields.tsx';

const DIRECTIONS: readonly LayoutDirection[] = ['row', 'row-reverse', 'column', 'column-reverse'];
const ALIGNS = ['start', 'center', 'end', 'stretch'] as const;
const TAGS: readonly TextTagName[] = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p'];
/** The listed choices, and the value the item already has when it is not one of them (a theme's own style). */
const withCurrent = (list: readonly string[], current: string | undefined) =>
  current && !list.includes(current) ? [...list, current] : list;
const DECORATIONS = ['bold', 'italic', 'underline', 'strike'] as const;
const BLOCK_TYPES = Object.keys(BLOCK_LABELS) as BlockType[];

interface Ctx {
  items: readonly AdminContentSummary[];
}

/** Up, down and remove for the n-th of a list, named for what they move. */
function ListButtons({
  what,
  index,
  count,
  onMove,
  onRemove,
}: {
  what: string;
  index: number;
  count: number;
  onMove: (by: number) => void;
  onRemove: () => void;
}) {
  return (
    <span className="workspace__row-actions">
      <button type="button" className="btn btn--secondary btn--small" disabled={index === 0} onClick={() => onMove(-1)}>
        Move {what} up
      </button>
      <button
        type="button"
        className="btn btn--secondary btn--small"
        disabled={index === count - 1}
        onClick={() => onMove(1)}
      >
        Move {what} down
      </button>
      <button type="button" className="btn btn--secondary btn--small" onClick={onRemove}>
        Remove {what}
      </button>
    </span>
  );
}

function Settings({ summary, children, open }: { summary: string; children: ReactNode; open?: boolean }) {
  return (
    <details className="workspace__details" open={open}>
      <summary>{summary}</summary>
      {children}
    </details>
  );
}

export function PageComposer({
  body,
  onChange,
  items,
}: {
  body: PageLayoutContentBody;
  onChange: (body: PageLayoutContentBody) => void;
  items: readonly AdminContentSummary[];
}) {
  const sections = body.sections;
  const setSections = (next: SectionDefinition[]) => onChange({ ...body, sections: next });
  return (
    <div className="composer">
      <TextArea
        id="page-description"
        label="Meta description"
        hint="What search engines show under the page's title."
        rows={2}
        value={body.description}
        onChange={(v) => onChange({ ...body, description: optional(v) })}
      />
      {sections.map((section, s) => (
        <section key={section.id} className="composer__section" aria-labelledby={`${section.id}-title`}>
          <h3 id={`${section.id}-title`}>
            Section {s + 1}
            {section.ariaLabel ? `: ${section.ariaLabel}` : ''}
          </h3>
          <ListButtons
            what={`section ${s + 1}`}
            index={s}
            count={sections.length}
            onMove={(by) => setSections(moved(sections, s, by))}
            onRemove={() => setSections(removed(sections, s))}
          />
          <SectionSettings
            section={section}
            items={items}
            onChange={(next) => setSections(replaced(sections, s, next))}
          />
        </section>
      ))}
      <button type="button" className="btn btn--secondary" onClick={() => setSections([...sections, newSection()])}>
        Add section
      </button>
    </div>
  );
}

function SectionSettings({
  section,
  onChange,
  items,
}: {
  section: SectionDefinition;
  onChange: (s: SectionDefinition) => void;
} & Ctx) {
  const p = section.id;
  const set = (change: Partial<SectionDefinition>) => onChange({ ...section, ...change });
  const dir = section.direction ?? {};
  const bg = section.backgroundImage ?? {};
  const setBg = (change: Partial<NonNullable<SectionDefinition['backgroundImage']>>) =>
    set({ backgroundImage: { ...bg, ...change } });
  const columns = section.columns;
  const setColumns = (next: ColumnDefinition[]) => set({ columns: next });
  return (
    <>
      <Settings summary="Section settings">
        <TextInput
          id={`${p}-aria`}
          label="Accessible name"
          hint="A named section is a landmark for screen readers."
          value={section.ariaLabel}
          onChange={(v) => set({ ariaLabel: optional(v) })}
        />
        <TextInput
          id={`${p}-max`}
          label="Maximum content width"
          hint="e.g. 1200px"
          value={section.maxContentWidth}
          onChange={(v) => set({ maxContentWidth: optional(v.trim()) })}
        />
        <SelectInput
          id={`${p}-gutter`}
          label="Column gutter"
          value={section.gutter}
          onChange={(v) => set({ gutter: optional(v) })}
          options={choices(['2rem', '5rem'])}
        />
        <TextInput
          id={`${p}-spacing`}
          label="Spacing between components"
          hint="e.g. 1rem"
          value={section.componentSpacing}
          onChange={(v) => set({ componentSpacing: optional(v.trim()) })}
        />
        <TextInput
          id={`${p}-min-height`}
          label="Minimum height"
          hint="e.g. 320px"
          value={section.minHeight}
          onChange={(v) => set({ minHeight: optional(v.trim()) })}
        />
        <TextInput
          id={`${p}-padding`}
          label="Padding"
          hint="e.g. 4rem"
          value={section.padding}
          onChange={(v) => set({ padding: optional(v.trim()) })}
        />
        <TextInput
          id={`${p}-margin`}
          label="Margin"
          hint="e.g. 10%"
          value={section.margin}
          onChange={(v) => set({ margin: optional(v.trim()) })}
        />
        {(['desktop', 'tablet', 'mobile'] as const).map((d) => (
          <SelectInput
            key={d}
            id={`${p}-dir-${d}`}
            label={`Direction on ${d}`}
            value={dir[d]}
            onChange={(v) => set({ direction: { ...dir, [d]: optional(v) as LayoutDirection | undefined } })}
            options={choices(DIRECTIONS)}
          />
        ))}
        <SelectInput
          id={`${p}-valign`}
          label="Vertical alignment"
          value={section.verticalAlign}
          onChange={(v) => set({ verticalAlign: optional(v) as SectionDefinition['verticalAlign'] })}
          options={choices(ALIGNS)}
        />
        <ColourInput
          id={`${p}-bg`}
          label="Background colour"
          value={section.backgroundColor}
          onChange={(backgroundColor) => set({ backgroundColor })}
        />
        <fieldset className="workspace__fieldset">
          <legend>Background image (shown only when all three sizes are set)</legend>
          {(['desktop', 'tablet', 'mobile'] as const).map((d) => (
            <ContentPicker
              key={d}
              id={`${p}-bg-${d}`}
              label={`Image on ${d}`}
              type={CONTENT_TYPES.image}
              items={items}
              value={bg[d]?.contentKey}
              allowNone
              onChange={(k) => setBg({ [d]: k ? { contentKey: k } : undefined })}
            />
          ))}
          <TextInput
            id={`${p}-bg-alt`}
            label="Background alternative text"
            value={bg.altText}
            onChange={(v) => setBg({ altText: optional(v) })}
          />
          <TextInput
            id={`${p}-bg-pos`}
            label="Background position"
            hint="e.g. center top"
            value={bg.position}
            onChange={(v) => setBg({ position: optional(v) })}
          />
          <TextInput
            id={`${p}-bg-size`}
            label="Background size or repeat"
            hint="cover, contain or a repeat value"
            value={bg.sizeOrRepeat}
            onChange={(v) => setBg({ sizeOrRepeat: optional(v) })}
          />
          <ColourInput
            id={`${p}-bg-overlay`}
            label="Overlay colour"
            value={bg.overlayColor}
            onChange={(overlayColor) => setBg({ overlayColor })}
          />
        </fieldset>
      </Settings>
      <ol className="composer__columns" aria-label="Columns">
        {columns.map((column, c) => (
          <li key={column.id} className="composer__column">
            <h4>
              Column {c + 1} (width {column.width ?? 12} of 12)
            </h4>
            <ListButtons
              what={`column ${c + 1}`}
              index={c}
              count={columns.length}
              onMove={(by) => setColumns(moved(columns, c, by))}
              onRemove={() => setColumns(removed(columns, c))}
            />
            <ColumnEditor column={column} items={items} onChange={(next) => setColumns(replaced(columns, c, next))} />
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="btn btn--secondary"
        disabled={columns.length >= 12}
        onClick={() => setColumns([...columns, newColumn(6)])}
      >
        Add column to section
      </button>
    </>
  );
}

function ColumnEditor({
  column,
  onChange,
  items,
}: { column: ColumnDefinition; onChange: (c: ColumnDefinition) => void } & Ctx) {
  const p = column.id;
  const set = (change: Partial<ColumnDefinition>) => onChange({ ...column, ...change });
  return (
    <>
      <Settings summary="Column settings">
        <SelectInput
          id={`${p}-width`}
          label="Width (twelfths)"
          value={String(column.width ?? 12)}
          onChange={(v) => set({ width: Number(v) })}
          options={Array.from({ length: 12 }, (_, i) => [String(i + 1), `${i + 1} of 12`] as const)}
        />
        <SelectInput
          id={`${p}-valign`}
          label="Vertical alignment"
          value={column.verticalAlign}
          onChange={(v) => set({ verticalAlign: optional(v) as ColumnDefinition['verticalAlign'] })}
          options={choices(ALIGNS)}
        />
        <TextInput
          id={`${p}-spacing`}
          label="Spacing between components"
          hint="e.g. 1rem"
          value={column.componentSpacing}
          onChange={(v) => set({ componentSpacing: optional(v.trim()) })}
        />
      </Settings>
      <BlockList id={p} blocks={column.components} items={items} onChange={(components) => set({ components })} />
    </>
  );
}

function BlockList({
  id,
  blocks,
  onChange,
  items,
}: {
  id: string;
  blocks: BlockDefinition[];
  onChange: (b: BlockDefinition[]) => void;
} & Ctx) {
  const firstKey = (t: string) => items.find((i) => i.type === t)?.contentKey;
  const [adding, setAdding] = useState<BlockType>('textBlock');
  return (
    <div className="composer__blocks">
      <ol aria-label="Blocks">
        {blocks.map((block, b) => (
          <li key={block.id} className="composer__block">
            <h5>
              {BLOCK_LABELS[block.type]} {b + 1}
            </h5>
            <ListButtons
              what={`block ${b + 1}`}
              index={b}
              count={blocks.length}
              onMove={(by) => onChange(moved(blocks, b, by))}
              onRemove={() => onChange(removed(blocks, b))}
            />
            <BlockEditor block={block} items={items} onChange={(next) => onChange(replaced(blocks, b, next))} />
          </li>
        ))}
      </ol>
      <div className="composer__add">
        <SelectInput
          id={`${id}-new-block`}
          label="Block to add"
          value={adding}
          onChange={(t) => setAdding(t as BlockType)}
          options={BLOCK_TYPES.map((t) => [t, BLOCK_LABELS[t]] as const)}
        />
        <button
          type="button"
          className="btn btn--secondary"
          onClick={() => onChange([...blocks, newBlock(adding, firstKey)])}
        >
          Add block
        </button>
      </div>
    </div>
  );
}

function BlockEditor({
  block,
  onChange,
  items,
}: { block: BlockDefinition; onChange: (b: BlockDefinition) => void } & Ctx) {
  const p = block.id;
  switch (block.type) {
    case 'textBlock':
      return <TextBlockEditor block={block} onChange={onChange} />;
    case 'richText': {
      const fromItem = block.contentKey !== undefined;
      return (
        <>
          <SelectInput
            id={`${p}-source`}
            label="Rich text from"
            value={fromItem ? 'item' : 'inline'}
            onChange={(v) =>
              onChange(
                v === 'item'
                  ? {
                      type: 'richText',
                      id: p,
                      contentKey: items.find((i) => i.type === CONTENT_TYPES.richText)?.contentKey ?? '',
                      enableQuillCss: block.enableQuillCss,
                    }
                  : { type: 'richText', id: p, value: '<p></p>', enableQuillCss: block.enableQuillCss },
              )
            }
            options={[
              ['inline', 'Written here'],
              ['item', 'A rich text item'],
            ]}
          />
          {fromItem ? (
            <ContentPicker
              id={`${p}-item`}
              label="Rich text item"
              type={CONTENT_TYPES.richText}
              items={items}
              value={block.contentKey}
              onChange={(contentKey) => onChange({ ...block, contentKey })}
            />
          ) : (
            <HtmlField
              id={`${p}-html`}
              label="HTML"
              value={block.value ?? ''}
              onChange={(value) => onChange({ ...block, value })}
            />
          )}
          <CheckInput
            id={`${p}-quill`}
            label="Use the editor's (Quill) styles"
            checked={!!block.enableQuillCss}
            onChange={(v) => onChange({ ...block, enableQuillCss: v || undefined })}
          />
        </>
      );
    }
    case 'button':
      return (
        <>
          <TextInput
            id={`${p}-text`}
            label="Button text"
            value={block.text}
            onChange={(text) => onChange({ ...block, text })}
          />
          <LinkPicker
            id={`${p}-link`}
            label="Button link"
            link={block.link}
            pages={items}
            onChange={(link) => onChange({ ...block, link })}
          />
          <Settings summary="Button settings">
            <SelectInput
              id={`${p}-align`}
              label="Alignment"
              value={block.alignment}
              onChange={(v) => onChange({ ...block, alignment: optional(v) as typeof block.alignment })}
              options={choices(['left', 'center', 'right'])}
            />
            <SelectInput
              id={`${p}-variant`}
              label="Type"
              value={block.variant}
              onChange={(v) => onChange({ ...block, variant: optional(v) as typeof block.variant })}
              options={choices(['primary', 'secondary'])}
            />
            <SelectInput
              id={`${p}-size`}
              label="Size"
              value={block.size}
              onChange={(v) => onChange({ ...block, size: optional(v) as typeof block.size })}
              options={choices(['small', 'standard', 'large'])}
            />
            <CheckInput
              id={`${p}-stretch`}
              label="Stretch to the column's width"
              checked={!!block.stretch}
              onChange={(v) => onChange({ ...block, stretch: v || undefined })}
            />
            <TextInput
              id={`${p}-assistive`}
              label="Assistive text"
              value={block.assistiveText}
              onChange={(v) => onChange({ ...block, assistiveText: optional(v) })}
            />
          </Settings>
        </>
      );
    case 'responsiveWrapper':
      return (
        <>
          <TextInput
            id={`${p}-sizes`}
            label="Shown at sizes"
            hint="small, medium, large (or s, m, l), ranges like small-medium, lists like small,large; empty for all."
            value={block.sizes}
            onChange={(sizes) => onChange({ ...block, sizes: sizes.trim() })}
          />
          <BlockList
            id={p}
            blocks={block.components}
            items={items}
            onChange={(components) => onChange({ ...block, components })}
          />
        </>
      );
    default:
      return (
        <ContentPicker
          id={`${p}-item`}
          label={`${BLOCK_LABELS[block.type]} item`}
          type={BLOCK_CONTENT_TYPE[block.type]!}
          items={items}
          value={block.contentKey}
          onChange={(contentKey) => onChange({ ...block, contentKey })}
        />
      );
  }
}

function TextBlockEditor({ block, onChange }: { block: TextBlockDefinition; onChange: (b: BlockDefinition) => void }) {
  const p = block.id;
  const set = (change: Partial<TextBlockDefinition>) => onChange({ ...block, ...change });
  const decoration = block.decoration ?? [];
  return (
    <>
      <TextArea id={`${p}-text`} label="Text" rows={2} value={block.text} onChange={(text) => set({ text })} />
      <SelectInput
        id={`${p}-tag`}
        label="Heading level or paragraph"
        value={block.tag}
        onChange={(v) => set({ tag: optional(v) as TextTagName | undefined })}
        options={choices(TAGS, 'Default (h3)')}
      />
      <Settings summary="Text settings">
        <SelectInput
          id={`${p}-tablet-tag`}
          label="Level on tablets"
          value={block.tabletTag}
          onChange={(v) => set({ tabletTag: optional(v) as TextTagName | undefined })}
          options={choices(TAGS, 'Same')}
        />
        <SelectInput
          id={`${p}-mobile-tag`}
          label="Level on mobiles"
          value={block.mobileTag}
          onChange={(v) => set({ mobileTag: optional(v) as TextTagName | undefined })}
          options={choices(TAGS, 'Same')}
        />
        <SelectInput
          id={`${p}-style`}
          label="Text style"
          value={block.textStyle}
          onChange={(v) => set({ textStyle: optional(v) })}
          options={choices(withCurrent(TEXT_BLOCK_STYLES, block.textStyle))}
        />
        <TextInput
          id={`${p}-font-size`}
          label="Font size"
          hint="e.g. 1.5rem"
          value={block.fontSize}
          onChange={(v) => set({ fontSize: optional(v.trim()) })}
        />
        <ColourInput
          id={`${p}-colour`}
          label="Text colour"
          value={block.textColor}
          onChange={(textColor) => set({ textColor })}
        />
        <ColourInput
          id={`${p}-bg`}
          label="Background colour"
          value={block.backgroundColor}
          onChange={(backgroundColor) => set({ backgroundColor })}
        />
        <SelectInput
          id={`${p}-align`}
          label="Alignment"
          value={block.align}
          onChange={(v) => set({ align: optional(v) as TextBlockDefinition['align'] })}
          options={choices(['left', 'center', 'right'])}
        />
        <fieldset className="workspace__fieldset">
          <legend>Decoration</legend>
          {DECORATIONS.map((d) => (
            <CheckInput
              key={d}
              id={`${p}-deco-${d}`}
              label={d}
              checked={decoration.includes(d)}
              onChange={(on) => {
                const next = on ? [...decoration, d] : decoration.filter((x) => x !== d);
                set({ decoration: next.length ? next : undefined });
              }}
            />
          ))}
        </fieldset>
        <SelectInput
          id={`${p}-pad-v`}
          label="Vertical padding"
          value={block.paddingVertical}
          onChange={(v) => set({ paddingVertical: optional(v) })}
          options={choices(TEXT_BLOCK_PADDINGS)}
        />
        <SelectInput
          id={`${p}-pad-h`}
          label="Horizontal padding"
          value={block.paddingHorizontal}
          onChange={(v) => set({ paddingHorizontal: optional(v) })}
          options={choices(TEXT_BLOCK_PADDINGS)}
        />
        <TextInput
          id={`${p}-class`}
          label="Extra class"
          value={block.className}
          onChange={(v) => set({ className: optional(v.trim()) })}
        />
        <CheckInput
          id={`${p}-linkable`}
          label="Make the text a link"
          checked={!!block.linkable}
          onChange={(v) => set({ linkable: v || undefined })}
        />
        {block.linkable ? (
          <>
            <TextInput
              id={`${p}-url`}
              label="Link path"
              hint="A path on this site (/about), a #link, mailto: or tel:."
              value={block.url}
              onChange={(v) => set({ url: optional(v.trim()) })}
            />
            <TextInput
              id={`${p}-link-assistive`}
              label="Link assistive text"
              value={block.linkAssistiveText}
              onChange={(v) => set({ linkAssistiveText: optional(v) })}
            />
          </>
        ) : null}
      </Settings>
    </>
  );
}
