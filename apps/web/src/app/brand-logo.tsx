import { Link } from 'react-router';
import { PRODUCT_NAME } from '@rostrum/contract';

export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--color-primary-800)" />
      <path d="M9 21V11h7a4 4 0 0 1 0 8h-2l5 4" fill="none" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
      <circle cx="23.5" cy="10.5" r="2.5" fill="var(--color-accent-400)" />
    </svg>
  );
}

/** The product mark linking home; a white-label logo sits beside it when the org has one. */
export function BrandLogo({ whiteLabelLogo, orgName }: { whiteLabelLogo?: string | null; orgName?: string }) {
  return (
    <div className="brand">
      <Link to="/" className="brand__link" aria-label={`${PRODUCT_NAME} home`}>
        <BrandMark />
        <span className="brand__name">{PRODUCT_NAME}</span>
      </Link>
      {whiteLabelLogo && (
        <>
          <span className="brand__divider" aria-hidden />
          <img className="brand__org-logo" src={whiteLabelLogo} alt={orgName ? `${orgName} logo` : ''} />
        </>
      )}
    </div>
  );
}
