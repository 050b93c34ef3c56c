import { Fragment } from 'react';
import { type Inline, type MarkdownBlock, parseMarkdown } from '@/lib/synthesis/view/render-markdown';

function Inlines({ inlines }: { inlines: Inline[] }) {
  return (
    <>
      {inlines.map((inline, i) =>
        inline.kind === 'strong' ? (
          <strong key={i} className="font-semibold text-slate-900">
            {inline.text}
          </strong>
        ) : inline.kind === 'em' ? (
          <em key={i} className="text-slate-500">
            {inline.text}
          </em>
        ) : inline.kind === 'code' ? (
          <code key={i} className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.85em] text-slate-800">
            {inline.text}
          </code>
        ) : (
          <Fragment key={i}>{inline.text}</Fragment>
        ),
      )}
    </>
  );
}

const headingClass: Record<number, string> = {
  1: 'text-lg font-semibold',
  2: 'text-base font-semibold',
  3: 'mt-4 text-sm font-semibold uppercase tracking-wide text-slate-600',
};

function Block({ block }: { block: MarkdownBlock }) {
  if (block.kind === 'heading') {
    // Headings of the block sit under the page's own h2/h3: shift them down two levels.
    const Tag = `h${Math.min(6, block.level + 2)}` as 'h3' | 'h4' | 'h5' | 'h6';
    return (
      <Tag className={headingClass[block.level] ?? 'text-sm font-semibold'}>
        <Inlines inlines={block.inlines} />
      </Tag>
    );
  }
  if (block.kind === 'list') {
    return (
      <ul className="mt-1 list-disc space-y-1 pl-5">
        {block.items.map((item, i) => (
          <li key={i} className="wrap-anywhere">
            <Inlines inlines={item} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <p className="mt-2 wrap-anywhere">
      <Inlines inlines={block.inlines} />
    </p>
  );
}

/** The Spec-19 Markdown subset as React elements: text only, so nothing in a value becomes HTML. */
export function MarkdownView({ source }: { source: string }) {
  return (
    <div className="text-sm text-slate-800" data-testid="context-rendered">
      {parseMarkdown(source).map((block, i) => (
        <Block key={i} block={block} />
      ))}
    </div>
  );
}
