import { Link, useSearchParams } from 'react-router';
import { BrandLogo } from './brand-logo';
import '../components/button.css';

/**
 * The bar for signed-out and free-trial users: 'Already have an account?' and a Sign in link,
 * hidden on routes flagged hideSignIn; the link carries the invite code when present.
 */
export function BasicBar({ showSignIn, onSignOut }: { showSignIn: boolean; onSignOut?: boolean }) {
  const [params] = useSearchParams();
  const code = params.get('code');
  const signInTo = code ? `/sign-in?code=${encodeURIComponent(code)}` : '/sign-in';
  return (
    <header className="app-header">
      <div className="app-header__inner">
        <BrandLogo />
        <div className="basic-bar__actions">
          {showSignIn && (
            <p className="basic-bar__prompt">
              <span className="basic-bar__question">Already have an account?</span>{' '}
              <Link to={signInTo} className="btn btn--secondary btn--sm">
                Sign in
              </Link>
            </p>
          )}
          {onSignOut && (
            <Link to="/sign-out" className="btn btn--ghost btn--sm">
              Sign out
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
