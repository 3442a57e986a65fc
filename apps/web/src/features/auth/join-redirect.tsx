import { Navigate, useSearchParams } from 'react-router';
import { useSession } from '../../app/session-store';

/** /join?invite=ID: confirm-code when signed in, otherwise sign-up. */
export function JoinRedirect() {
  const [params] = useSearchParams();
  const session = useSession();
  const invite = params.get('invite');
  const qs = invite ? `?invite=${encodeURIComponent(invite)}` : '';
  return <Navigate to={`${session ? '/confirm-code' : '/sign-up'}${qs}`} replace />;
}
