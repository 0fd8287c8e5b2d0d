// The composer's live preview (issue 16 item 7): the storefront's own page at the three breakpoints of spec
// 03 §2.3 (375 mobile, 800 tablet, 1280 desktop), each a same-origin frame laid out at its real width and
// scaled down to fit. The frames are the real page, so they show what the server delivers to this session:
// the working copies while the session's preview is on (an administrator's), the live copies otherwise.
// `version` changes after every save, which reloads them.

const BREAKPOINTS = [
  { width: 375, label: 'Mobile' },
  { width: 800, label: 'Tablet' },
  { width: 1280, label: 'Desktop' },
] as const;
const SHOWN_WIDTH = 320;
const FRAME_HEIGHT = 900;

export function PreviewFrames({ path, version }: { path: string; version: string }) {
  return (
    <section aria-labelledby="preview-title" className="preview">
      <h2 id="preview-title">Preview</h2>
      <div className="preview__frames">
        {BREAKPOINTS.map((b) => {
          const scale = SHOWN_WIDTH / b.width;
          return (
            <figure key={b.width} className="preview__frame" style={{ width: SHOWN_WIDTH }}>
              <figcaption>
                {b.label}, {b.width} px
              </figcaption>
              <div style={{ width: SHOWN_WIDTH, height: Math.round(FRAME_HEIGHT * scale), overflow: 'hidden' }}>
                <iframe
                  key={version}
                  src={path}
                  title={`Preview of ${path} at ${b.width} pixels wide`}
                  width={b.width}
                  height={FRAME_HEIGHT}
                  style={{ border: 0, transform: `scale(${scale})`, transformOrigin: '0 0' }}
                  data-preview-width={b.width}
                />
              </div>
            </figure>
          );
        })}
      </div>
    </section>
  );
}
