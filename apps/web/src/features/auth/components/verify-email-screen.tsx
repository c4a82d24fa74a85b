import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { LoadingState } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useVerifyEmail } from '@/features/auth/api/verify-email';
import { AuthCard } from './auth-card';

/** Spec section 9: the token is submitted after 1 s and the user leaves 400 ms later. */
const SUBMIT_DELAY_MS = 1000;
const REDIRECT_DELAY_MS = 400;

export function VerifyEmailScreen() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const { mutate: verifyEmail } = useVerifyEmail();
  // StrictMode mounts effects twice in development; a token is submitted once.
  const submittedToken = useRef<string | null>(null);

  useEffect(() => {
    let redirectTimer: ReturnType<typeof setTimeout> | undefined;
    const submitTimer = setTimeout(() => {
      if (submittedToken.current !== token) {
        submittedToken.current = token;
        verifyEmail(token);
      }
      redirectTimer = setTimeout(() => navigate(paths.home.href()), REDIRECT_DELAY_MS);
    }, SUBMIT_DELAY_MS);
    return () => {
      clearTimeout(submitTimer);
      clearTimeout(redirectTimer);
    };
  }, [token, verifyEmail, navigate]);

  return (
    <AuthCard title="Email verification">
      <LoadingState label="Verifying your email…" className="py-6" />
    </AuthCard>
  );
}
