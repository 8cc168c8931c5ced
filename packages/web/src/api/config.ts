import { companyDetails } from '@broker/domain';
import type { CompanyDetails } from '@broker/domain';
import { create } from 'zustand';
import { requestJson, isRecord } from './http';
import { reportError } from './client-errors';
import { setFields } from '../state/application-store';

/** GET /api/config: the deployment's company details, portal pages and feature flags. */
export interface AppConfig {
  environment: string;
  /** The application API's base; '' is this page's origin (api/api-base.ts checks it). */
  apiBase: string;
  company: CompanyDetails;
  portal: { thankYouUrl: string; welcomeBackUrl: string };
  features: { PCAPostCodeLookup: boolean; RedirectToCustomerPortal: boolean };
  addressLookup: boolean;
  /** The deployment has a tag-manager container and allows it in its CSP. */
  tagManager: boolean;
}

interface ConfigStore {
  config: AppConfig | null;
}

export const useConfigStore = create<ConfigStore>()(() => ({ config: null }));

export function useConfig(): AppConfig | null {
  return useConfigStore((store) => store.config);
}

function str(record: Record<string, unknown>, key: string): string {
  const value = record[key];
  return typeof value === 'string' ? value : '';
}

/** Reads the answer defensively: a missing part gives empty text or a flag that is off. */
export function parseConfig(data: unknown): AppConfig | null {
  if (!isRecord(data)) return null;
  const company = isRecord(data.company) ? data.company : {};
  const portal = isRecord(data.portal) ? data.portal : {};
  const features = isRecord(data.features) ? data.features : {};
  return {
    environment: str(data, 'environment'),
    apiBase: str(data, 'apiBase'),
    company: companyDetails((key) => str(company, key)),
    portal: {
      thankYouUrl: str(portal, 'thankYouUrl'),
      welcomeBackUrl: str(portal, 'welcomeBackUrl'),
    },
    features: {
      PCAPostCodeLookup: features.PCAPostCodeLookup === true,
      RedirectToCustomerPortal: features.RedirectToCustomerPortal === true,
    },
    addressLookup: data.addressLookup === true,
    tagManager: data.tagManager === true,
  };
}

/** The state's isProduction and isUat, from the server's environment (docs/product.md §6). */
export function environmentFlags(config: AppConfig | null): {
  isProduction: boolean;
  isUat: boolean;
} {
  const environment = config?.environment;
  return { isProduction: environment === 'production', isUat: environment === 'uat' };
}

let pending: Promise<AppConfig | null> | null = null;

/** Fetches the configuration once per page; later callers share the same answer. */
export function loadConfig(): Promise<AppConfig | null> {
  pending ??= requestJson('GET', '/api/config', undefined, { timeoutMs: 15_000 })
    .then((response) => {
      const config = response.ok ? parseConfig(response.data) : null;
      if (config) {
        useConfigStore.setState({ config });
        setFields(environmentFlags(config));
      } else
        reportError(
          new Error(`GET /api/config answered ${response.status}`),
          'failure',
          'loadConfig',
        );
      return config;
    })
    .catch((error: unknown) => {
      reportError(error, 'failure', 'loadConfig');
      pending = null;
      return null;
    });
  return pending;
}
