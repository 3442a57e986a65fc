import { Link } from 'react-router';
import { Landmark } from 'lucide-react';
import { LEGAL_TITLES, PRODUCT_NAME, ROUTES } from '@rostrum/contract';

export function AppFooter() {
  return (
    <footer className="app-footer">
      <div className="app-footer__inner">
        <p>
          © {new Date().getFullYear()} {PRODUCT_NAME}. All rights reserved.
        </p>
        <nav className="app-footer__links" aria-label="Legal">
          <Link to={ROUTES.terms.path}>{LEGAL_TITLES.terms}</Link>
          <Link to={ROUTES.privacy.path}>{LEGAL_TITLES.privacy}</Link>
        </nav>
        <p className="app-footer__funding">
          <Landmark size={16} aria-hidden />
          <span>
            The research behind {PRODUCT_NAME}'s speech analysis was funded in part by a grant from the National Science Foundation.
          </span>
        </p>
      </div>
    </footer>
  );
}
