import { useMemo } from 'react';
import { useLocation } from '../../../lib/router';
import { parseStepPath, type StepRef } from '@broker/domain';

/** The journey step this route shows ('/address/2' → { id: 'address', n: 2 }). */
export function useStepRef(): StepRef {
  const { pathname } = useLocation();
  return useMemo(() => parseStepPath(pathname) ?? { id: 'start' }, [pathname]);
}
