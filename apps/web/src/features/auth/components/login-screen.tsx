import { AdSlot } from '../../../components/ads/ad-slot';
import { useAdScript } from '../../../components/ads/use-ad-script';
import { TextLink } from '../../../components/ui/text-link';
import { getPublicConfig } from '../../../config/public-config';
import { paths } from '../../../config/paths';
import { AuthCard } from './auth-card';
import { LoginForm } from './login-form';

/** Login (at / and /login) with its two ad blocks: beside the form on wide screens, below it otherwise. */
export function LoginScreen() {
  const { productName, adScriptUrl } = getPublicConfig();
  useAdScript(adScriptUrl);

  return (
    <div className="flex w-full flex-col items-center gap-8 xl:flex-row xl:items-center xl:justify-center">
      <AuthCard
        title="Log in"
        description={`Welcome back to ${productName}. Log in to keep earning Bytes.`}
        footer={
          <>
            Don&apos;t have an account? <TextLink to={paths.register.href()}>Sign up</TextLink>
          </>
        }
        className="xl:order-2"
      >
        <LoginForm />
      </AuthCard>
      <div className="flex flex-wrap justify-center gap-8 xl:contents">
        <AdSlot slot="login-1" label="Advertisement 1" className="xl:order-1" />
        <AdSlot slot="login-2" label="Advertisement 2" className="xl:order-3" />
      </div>
    </div>
  );
}
