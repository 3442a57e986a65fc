import { Landmark } from 'lucide-react';
import { PRODUCT_NAME } from '@rostrum/contract';

export function AppFooter() {
  return (
    <footer className="app-footer">
      <div className="app-footer__inner">
        <p>
          © {new Date().getFullYear()} {PRODUCT_NAME}. All rights reserved.
        </p>
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
