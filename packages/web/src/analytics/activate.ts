import type { Brand } from '@broker/domain';
import type { AppConfig } from '../api/config';
import { useConsentStore } from './consent';
import { loadTagManager } from './tag-manager';

/**
 * Loads the brand's tag manager once the visitor has accepted analytics cookies, and only
 * where the deployment turns it on (GET /api/config `tagManager`): elsewhere the container ids
 * are placeholders, and the dataLayer alone records what would be sent.
 */
export function activateAnalytics(brand: Brand, config: Promise<AppConfig | null>): void {
  void config.then((loaded) => {
    if (loaded?.tagManager !== true) return;
    const load = () => {
      if (useConsentStore.getState().consent === 'accepted') loadTagManager(brand.gtmKey);
    };
    load();
    useConsentStore.subscribe(load);
  });
}
