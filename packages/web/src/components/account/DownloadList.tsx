// The datasets an order paid for, each with its download link: a signed, expiring link on this server
// that answers the CSV as an attachment. Opening the order again signs fresh links. A bundle's line has a
// link per dataset it contains, each named with the bundle it came in.
import { downloadName, type DownloadLink } from '@store/core';

export function DownloadList({ downloads }: { downloads: DownloadLink[] }) {
  return (
    <section className="downloads" aria-labelledby="downloads-title">
      <h2 id="downloads-title">Downloads</h2>
      <ul className="downloads__list">
        {downloads.map((d) => (
          <li key={`${d.orderItemId}:${d.productId}`} className="downloads__item">
            <a
              href={d.url}
              download={d.fileName}
              className="btn btn--secondary"
              aria-label={`Download ${downloadName(d)} (${d.fileName})`}
            >
              {`Download ${downloadName(d)}`}
            </a>
            <span className="downloads__file">{d.fileName}</span>
          </li>
        ))}
      </ul>
      <p className="checkout-note">Links expire after a while; open this order again for new ones.</p>
    </section>
  );
}
