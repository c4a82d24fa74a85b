import { zodResolver } from '@hookform/resolvers/zod';
import { loginFormSchema } from '@netpulse/shared';

export const loginResolver = zodResolver(loginFormSchema);
