import { Suspense } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AddressDetail, AddressLookupItem } from '@broker/domain';
import { Router } from '../../../lib/router';
import { navigate } from '../../../lib/history';
import { getApplication, setFields } from '../../../state/application-store';
import { parseConfig, useConfigStore } from '../../../api/config';
import { preloadFieldKinds } from '../widgets/field-renderer';
import { lookupAddressById, lookupPostcode } from '../../../api/address-lookup';
import { AddressStep, type AddressStepProps } from './address-step';

vi.mock('../../../api/address-lookup', () => ({
  lookupPostcode: vi.fn(),
  lookupAddressById: vi.fn(),
}));

const byPostcode = vi.mocked(lookupPostcode);
const byId = vi.mocked(lookupAddressById);

const ITEMS: AddressLookupItem[] = [
  {
    Type: 'Address',
    udprn: '90000001',
    Address: 'Flat 1, Fournier House, 12 Commercial Street, London, E1 6AN',
  },
  { Type: 'Address', udprn: '90000002', Address: '14 Commercial Street, London, E1 6AN' },
];

const FLAT_1: AddressDetail = {
  subBuilding: 'Flat 1',
  houseName: 'Fournier House',
  houseNumber: '12',
  street: 'Commercial Street',
  locality: null,
  town: 'London',
  county: 'Greater London',
  postcode: 'E1 6AN',
};

const CURRENT: AddressStepProps = {
  at: 'form.addresses.0',
  manualPath: 'savedAddresses.0.manual',
  savedPath: 'savedAddresses.0',
};

function lookupEnabled(enabled: boolean) {
  useConfigStore.setState({ config: parseConfig({ addressLookup: enabled }) });
}

function renderStep(props: AddressStepProps = CURRENT, path = '/address/1') {
  navigate(path);
  const user = userEvent.setup();
  render(
    <Router>
      <Suspense fallback={null}>
        <AddressStep {...props} />
      </Suspense>
    </Router>,
  );
  return user;
}

function saved(path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (node, key) => (node as Record<string, unknown> | undefined)?.[key],
      getApplication(),
    );
}

// The security address also asks how long it has been owned (years and months).
beforeAll(() => preloadFieldKinds(['text', 'postcode', 'address', 'yearsMonths']));

beforeEach(() => {
  byPostcode.mockReset();
  byId.mockReset();
  lookupEnabled(true);
});

describe('AddressStep, lookup variant', () => {
  it('finds the addresses, says how many, and fills the chosen one for review', async () => {
    byPostcode.mockResolvedValue(ITEMS);
    byId.mockResolvedValue(FLAT_1);
    const user = renderStep();

    await user.type(await screen.findByLabelText('Postcode'), 'e1 6an');
    await user.click(screen.getByRole('button', { name: 'Find address' }));

    expect(await screen.findByRole('status')).toHaveTextContent('2 addresses found');
    expect(byPostcode).toHaveBeenCalledWith('e1 6an');
    const select = screen.getByRole('combobox', { name: 'Select an address' });
    expect(select).toHaveValue('');
    expect(screen.getByRole('option', { name: 'Please choose an address' })).toBeInTheDocument();

    await user.selectOptions(select, ITEMS[0]!.Address);

    expect(await screen.findByRole('group', { name: 'Check the address' })).toBeInTheDocument();
    expect(byId).toHaveBeenCalledWith('90000001');
    expect(screen.getByLabelText('House name')).toHaveValue('Fournier House');
    expect(screen.getByLabelText('Town or city')).toHaveValue('London');
    expect(screen.getByLabelText('Postcode')).toHaveValue('E1 6AN');
    expect(saved('savedAddresses.0')).toEqual({
      manual: false,
      value: '90000001',
      streetAddress: ITEMS[0]!.Address,
    });
  });

  it('finds with Enter in the postcode box instead of sending the step', async () => {
    byPostcode.mockResolvedValue(ITEMS);
    const user = renderStep();

    await user.type(await screen.findByLabelText('Postcode'), 'E1 6AN{Enter}');

    expect(await screen.findByRole('status')).toHaveTextContent('2 addresses found');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('does not look up a postcode that is not one, and says so by the box', async () => {
    const user = renderStep();

    await user.type(await screen.findByLabelText('Postcode'), 'NOT A PC');
    await user.click(screen.getByRole('button', { name: 'Find address' }));

    expect(byPostcode).not.toHaveBeenCalled();
    expect(screen.getByText('Please enter a valid postcode.')).toBeInTheDocument();
    expect(screen.getByLabelText('Postcode')).toHaveFocus();
  });

  type User = ReturnType<typeof userEvent.setup>;
  const find = async (user: User) => {
    await user.type(await screen.findByLabelText('Postcode'), 'ZZ99 9ZZ');
    await user.click(screen.getByRole('button', { name: 'Find address' }));
  };

  it.each([
    [
      'finds nothing or fails',
      async (user: User) => {
        byPostcode.mockResolvedValue([]);
        await find(user);
      },
      'We could not find any addresses for ZZ99 9ZZ. Please enter the address below.',
    ],
    [
      'cannot fetch the chosen address',
      async (user: User) => {
        byPostcode.mockResolvedValue(ITEMS);
        byId.mockResolvedValue(null);
        await find(user);
        const select = await screen.findByRole('combobox', { name: 'Select an address' });
        await user.selectOptions(select, ITEMS[0]!.Address);
      },
      'We could not get the details of the address you chose. Please check the address below, or enter it.',
    ],
  ])('opens the manual lines and says why when the lookup %s', async (_case, act, message) => {
    await act(renderStep());

    const firstLine = await screen.findByLabelText('Flat or unit');
    await waitFor(() => expect(firstLine).toHaveFocus());
    expect(screen.getByLabelText('Street')).toBeInTheDocument();
    expect(screen.getByLabelText('Postcode')).toHaveValue('ZZ99 9ZZ');
    expect(screen.queryByRole('button', { name: 'Find address' })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(message);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(document.querySelector('.error-message')).toBeNull();
    expect(saved('savedAddresses.0')).toEqual({ manual: true, value: null, streetAddress: null });
  });

  it("keeps the lines of an address chosen before when the next one's details cannot be fetched", async () => {
    byPostcode.mockResolvedValue(ITEMS);
    byId.mockResolvedValueOnce(FLAT_1).mockResolvedValueOnce(null);
    const user = renderStep();
    await find(user);
    const select = await screen.findByRole('combobox', { name: 'Select an address' });
    await user.selectOptions(select, ITEMS[0]!.Address);
    await waitFor(() => expect(saved('form.addresses.0.street')).toBe(FLAT_1.street));
    await user.selectOptions(select, ITEMS[1]!.Address);

    expect(await screen.findByLabelText('Street')).toHaveValue(FLAT_1.street);
    expect(screen.getByLabelText('Town or city')).toHaveValue(FLAT_1.town);
    expect(saved('form.addresses.0.houseNumber')).toBe(FLAT_1.houseNumber);
    expect(screen.getByRole('status')).toHaveTextContent(
      'We could not get the details of the address you chose.',
    );
  });

  it('says nothing once the visitor goes back to searching', async () => {
    byPostcode.mockResolvedValue([]);
    const user = renderStep();
    await find(user);
    await user.click(await screen.findByRole('button', { name: 'Search by postcode' }));
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('switches this address to manual entry and back, keeping the choice in the state', async () => {
    const user = renderStep(
      {
        at: 'form.addresses.1',
        manualPath: 'savedAddresses.1.manual',
        savedPath: 'savedAddresses.1',
      },
      '/address/2',
    );

    const toManual = await screen.findByRole('button', { name: 'Enter the address manually' });
    await user.click(toManual);
    expect(await screen.findByLabelText('Street')).toBeInTheDocument();
    expect(saved('savedAddresses.1.manual')).toBe(true);
    expect(saved('savedAddresses.0.manual')).toBe(false);
    // The same button, so focus stays where the user is.
    expect(toManual).toHaveFocus();
    expect(toManual).toHaveTextContent('Search by postcode');

    await user.click(toManual);
    expect(saved('savedAddresses.1.manual')).toBe(false);
    expect(screen.queryByLabelText('Street')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Find address' })).toBeInTheDocument();
  });

  it('shows a chosen address again after a reload, from what the state kept', async () => {
    setFields({
      'form.addresses.0.postcode': 'E1 6AN',
      'form.addresses.0.houseNumber': '14',
      'form.addresses.0.street': 'Commercial Street',
      'form.addresses.0.town': 'London',
      'savedAddresses.0.value': '90000002',
      'savedAddresses.0.streetAddress': ITEMS[1]!.Address,
    });
    renderStep();

    const select = await screen.findByRole('combobox', { name: 'Select an address' });
    expect(select).toHaveValue('90000002');
    expect(screen.getByLabelText('Street')).toHaveValue('Commercial Street');
  });

  it('keeps the security address’s manual choice on the address itself', async () => {
    const user = renderStep(
      { at: 'form.securityAddress', manualPath: 'form.securityAddress.manual' },
      '/security-address-add',
    );

    await user.click(await screen.findByRole('button', { name: 'Enter the address manually' }));

    expect(saved('form.securityAddress.manual')).toBe(true);
    expect(await screen.findByLabelText('Town or city')).toHaveAttribute(
      'id',
      'form-securityAddress-town',
    );
  });
});

describe('AddressStep, manual variant', () => {
  it('shows the lines straight away, with no lookup and no switch', async () => {
    lookupEnabled(false);
    renderStep();

    expect(await screen.findByLabelText('Street')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Find address' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /manually|postcode/ })).not.toBeInTheDocument();
    expect(saved('savedAddresses.0.manual')).toBe(true);
  });
});
