import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LINE_MESSAGES } from '@panel/shared/lines/line-messages';
import { TV_APPS_MESSAGES } from '@panel/shared/tv-apps/tv-apps-messages';
import { buildComplements, buildLine } from '@test/fixtures/line';
import { mockApi, type MockAnswer, type RecordedCall } from '@test/mock-api';
import { renderWithProviders } from '@test/render';
import { CreateLineModal } from './create-line-modal';

type Handlers = Record<string, MockAnswer | ((call: RecordedCall) => MockAnswer)>;

const CALLER = { id: 7, username: 'revenda01' };

function renderModal({
  isAdmin = false,
  quickTest = false,
  settings = {},
  handlers = {},
}: {
  isAdmin?: boolean;
  quickTest?: boolean;
  settings?: Record<string, string>;
  handlers?: Handlers;
} = {}) {
  const calls = mockApi({
    'GET /complements': { body: buildComplements({ settings }) },
    // A reseller without sub-resellers: its scope is itself.
    'POST /resellers/select_search': { body: [{ label: CALLER.username, value: CALLER.id }] },
    'POST /users': { status: 201, body: { line: buildLine(), charged: '1.00', balance: '9.00' } },
    'POST /users/trial_users': {
      status: 201,
      body: { line: buildLine({ is_trial: 1, package_id: 61 }), charged: '0.00', balance: '10.00' },
    },
    ...handlers,
  });
  const onCreated = vi.fn();
  renderWithProviders(
    <CreateLineModal
      quickTest={quickTest}
      isAdmin={isAdmin}
      caller={CALLER}
      onClose={() => {}}
      onCreated={onCreated}
    />,
  );
  return { calls, onCreated };
}

const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const type = (testId: string, value: string) => fireEvent.change(input(testId), { target: { value } });

const packageSelect = () => screen.getByTestId('create-line-package') as HTMLSelectElement;

async function choosePackage(name: RegExp) {
  const option = await screen.findByRole('option', { name });
  fireEvent.change(packageSelect(), { target: { value: (option as HTMLOptionElement).value } });
}

describe('CreateLineModal (docs/product/screens.md#create-flow, docs/product/rules.md#validation)', () => {
  it('shows the shared messages for empty credentials and package', async () => {
    const { calls } = renderModal();
    fireEvent.click(screen.getByTestId('create-line-submit'));
    expect(await screen.findAllByText(LINE_MESSAGES.required)).toHaveLength(2);
    expect(screen.getAllByText(LINE_MESSAGES.packageRequired)).toHaveLength(1);
    expect(calls.some((call) => call.method === 'POST' && call.path.startsWith('/users'))).toBe(false);
  });

  it('random credentials hide the inputs and ask for a package first', async () => {
    renderModal();
    fireEvent.click(screen.getByTestId('create-line-random'));
    expect(screen.queryByTestId('create-line-username')).toBeNull();
    fireEvent.click(screen.getByTestId('create-line-submit'));
    expect(await screen.findAllByText(LINE_MESSAGES.randomNeedsPackage)).toHaveLength(1);
  });

  it('shows the package price before confirming, sends no credentials in random mode', async () => {
    const { calls, onCreated } = renderModal();
    expect(screen.getByTestId('create-line-price').textContent).toBe('Custo: selecione um pacote');
    await choosePackage(/Trimestral/);
    expect(screen.getByTestId('create-line-price').textContent).toBe('Custo: 2,50 créditos');
    fireEvent.click(screen.getByTestId('create-line-random'));
    fireEvent.click(screen.getByTestId('create-line-2359'));
    fireEvent.click(screen.getByTestId('create-line-submit'));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    const post = calls.find((call) => call.method === 'POST' && call.path === '/users');
    expect(post?.body).toEqual({ system: 1, package_id: 33, expire_at_2359: true });
  });

  it('an admin sees "Grátis (admin)"', async () => {
    renderModal({ isAdmin: true });
    await choosePackage(/Trimestral/);
    expect(screen.getByTestId('create-line-price').textContent).toBe('Grátis (admin)');
  });

  it('P2P lists only the P2P packages and drops a package of the other list', async () => {
    renderModal();
    await choosePackage(/Trimestral/);
    fireEvent.click(screen.getByRole('radio', { name: 'P2P' }));
    expect(packageSelect().value).toBe('');
    expect(Array.from(packageSelect().options, (option) => option.textContent)).toEqual([
      'Selecione…',
      'Completo 1 mês - 1,00 créditos',
    ]);
  });

  it('trial: no package, free, 23:59 off and disabled; posts to trial_users', async () => {
    const { calls, onCreated } = renderModal();
    fireEvent.click(screen.getByTestId('create-line-2359'));
    expect(input('create-line-2359').checked).toBe(true);
    fireEvent.click(screen.getByTestId('create-line-trial'));
    expect(input('create-line-2359').checked).toBe(false);
    expect(input('create-line-2359')).toBeDisabled();
    expect(screen.queryByTestId('create-line-package')).toBeNull();
    expect(screen.getByTestId('create-line-price').textContent).toBe('Grátis (teste)');
    type('create-line-username', 'teste01');
    type('create-line-password', 'senha9x');
    fireEvent.click(screen.getByTestId('create-line-submit'));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    const post = calls.find((call) => call.path === '/users/trial_users');
    expect(post?.body).toEqual({ system: 1, username: 'teste01', password: 'senha9x' });
    expect(onCreated.mock.calls[0]?.[1]).toMatchObject({ trial: true });
  });

  it('quick test: trial and random credentials on, one click on the focused "Criar teste" creates it', async () => {
    const { calls, onCreated } = renderModal({ quickTest: true });
    expect(input('create-line-trial').checked).toBe(true);
    expect(input('create-line-random').checked).toBe(true);
    expect(screen.queryByTestId('create-line-username')).toBeNull();
    expect(screen.queryByTestId('create-line-package')).toBeNull();
    const submit = screen.getByTestId('create-line-submit');
    expect(submit.textContent).toBe('Criar teste');
    await waitFor(() => expect(document.activeElement).toBe(submit));
    fireEvent.click(submit);
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    const post = calls.find((call) => call.path === '/users/trial_users');
    expect(post?.body).toEqual({ system: 1 });
  });

  it('"Novo Usuário" starts with typed credentials', () => {
    renderModal();
    expect(input('create-line-trial').checked).toBe(false);
    expect(input('create-line-random').checked).toBe(false);
    // Typed credentials: the username field is there, empty, for the reseller to fill.
    expect(input('create-line-username').value).toBe('');
  });

  it('trials switched off: the switch is off and disabled, with the message', async () => {
    renderModal({ quickTest: true, settings: { trial_user_create_enabled: 'false' } });
    expect((await screen.findByTestId('create-line-trials-disabled')).textContent).toBe(
      LINE_MESSAGES.trialsDisabled,
    );
    expect(input('create-line-trial').checked).toBe(false);
    expect(input('create-line-trial')).toBeDisabled();
    expect(screen.getAllByTestId('create-line-package')).toHaveLength(1);
  });

  it('hybrid MAC: formatted live, checked at 12 hex digits, taken blocks the confirm', async () => {
    const { calls } = renderModal({
      handlers: {
        'POST /users/checkmac': (call) =>
          (call.body as { macaddr: string }).macaddr === 'aa:bb:cc:dd:ee:ff'
            ? {
                status: 409,
                body: { status: 409, code: 'conflict', message: LINE_MESSAGES.macTaken, field: 'macaddr' },
              }
            : { body: { available: true } },
      },
    });
    fireEvent.click(screen.getByRole('radio', { name: 'Híbrido' }));
    const mac = input('create-line-mac');
    expect(mac.maxLength).toBe(17);
    type('create-line-mac', 'AA-BB-CC-zz');
    expect(mac.value).toBe('aa:bb:cc');
    expect(screen.getByTestId('create-line-submit')).toBeDisabled();
    expect(calls.some((call) => call.path === '/users/checkmac')).toBe(false);
    type('create-line-mac', 'AA-BB-CC-DD-EE-FF-11');
    expect(mac.value).toBe('aa:bb:cc:dd:ee:ff');
    expect(await screen.findAllByText(LINE_MESSAGES.macTaken)).toHaveLength(1);
    expect(screen.getByTestId('create-line-submit')).toBeDisabled();
    type('create-line-mac', 'aabbccddee00');
    expect(mac.value).toBe('aa:bb:cc:dd:ee:00');
    await waitFor(() => expect(screen.getByTestId('create-line-submit')).toBeEnabled());
    expect(screen.queryByText(LINE_MESSAGES.macTaken)).toBeNull();
  });

  it('a refusal the server names goes under its field', async () => {
    renderModal({
      handlers: {
        'POST /users': {
          status: 409,
          body: { status: 409, code: 'conflict', message: LINE_MESSAGES.usernameTaken, field: 'username' },
        },
      },
    });
    type('create-line-username', 'cliente01');
    type('create-line-password', 'senha9x');
    await choosePackage(/Completo/);
    fireEvent.click(screen.getByTestId('create-line-submit'));
    expect(await screen.findAllByText(LINE_MESSAGES.usernameTaken)).toHaveLength(1);
  });

  it('DreamTV MAC (IPTV only): typed uppercased and sent as dreamtv_mac; a malformed one is refused', async () => {
    const { calls, onCreated } = renderModal();
    fireEvent.click(screen.getByTestId('create-line-random'));
    await choosePackage(/Completo/);
    type('create-line-dreamtv-mac', 'aa:bb:cc');
    fireEvent.click(screen.getByTestId('create-line-submit'));
    expect(await screen.findByText(TV_APPS_MESSAGES.dreamTvMacFormat)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST' && call.path === '/users')).toBe(false);
    type('create-line-dreamtv-mac', 'aa:bb:cc:dd:ee:ff');
    expect(input('create-line-dreamtv-mac').value).toBe('AA:BB:CC:DD:EE:FF');
    fireEvent.click(screen.getByTestId('create-line-submit'));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    const post = calls.find((call) => call.method === 'POST' && call.path === '/users');
    expect(post?.body).toMatchObject({ dreamtv_mac: 'AA:BB:CC:DD:EE:FF' });
    fireEvent.click(screen.getByRole('radio', { name: 'P2P' }));
    expect(screen.queryByTestId('create-line-dreamtv-mac')).toBeNull();
  });

  it("with a DreamTV MAC, a refused creation says 'Erro! Você precisa criar um usuário primeiro.'", async () => {
    renderModal({
      handlers: {
        'POST /users': {
          status: 409,
          body: { status: 409, code: 'conflict', message: LINE_MESSAGES.usernameTaken, field: 'username' },
        },
      },
    });
    type('create-line-username', 'cliente01');
    type('create-line-password', 'senha9x');
    await choosePackage(/Completo/);
    type('create-line-dreamtv-mac', 'AA:BB:CC:DD:EE:FF');
    fireEvent.click(screen.getByTestId('create-line-submit'));
    expect((await screen.findByTestId('create-line-dreamtv-error')).textContent).toBe(
      'Erro! Você precisa criar um usuário primeiro.',
    );
  });

  describe('the owner (decision 0029)', () => {
    /** Opens the owner select and clicks an option of its own list box. */
    async function chooseOwner(label: string) {
      const owner = screen.getByTestId('create-line-owner');
      fireEvent.click(owner);
      await waitFor(() => expect(owner).toHaveAttribute('aria-controls', expect.stringMatching(/./)));
      const listbox = document.getElementById(owner.getAttribute('aria-controls') ?? '') as HTMLElement;
      fireEvent.click(await within(listbox).findByRole('option', { name: label, hidden: true }));
      await waitFor(() => expect((owner as HTMLInputElement).value).toBe(label));
    }

    it('a reseller without sub-resellers is not asked: the line is its own', async () => {
      const { calls } = renderModal();
      await waitFor(() => expect(calls.some((call) => call.path === '/resellers/select_search')).toBe(true));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(screen.queryByTestId('create-line-owner')).toBeNull();
    });

    it('a master chooses a sub-reseller; the line is created for it', async () => {
      const { calls, onCreated } = renderModal({
        handlers: {
          'POST /resellers/select_search': {
            body: [
              { label: CALLER.username, value: CALLER.id },
              { label: 'subrevenda', value: 12 },
            ],
          },
        },
      });
      const owner = (await screen.findByTestId('create-line-owner')) as HTMLInputElement;
      expect(owner.value).toBe(CALLER.username);
      await chooseOwner('subrevenda');
      fireEvent.click(screen.getByTestId('create-line-random'));
      await choosePackage(/Trimestral/);
      fireEvent.click(screen.getByTestId('create-line-submit'));
      await waitFor(() => expect(onCreated).toHaveBeenCalled());
      const post = calls.find((call) => call.method === 'POST' && call.path === '/users');
      expect(post?.body).toEqual({ system: 1, package_id: 33, expire_at_2359: false, reseller_id: 12 });
    });

    it('an admin is always asked; keeping itself sends no reseller_id', async () => {
      const { calls, onCreated } = renderModal({ isAdmin: true });
      expect(((await screen.findByTestId('create-line-owner')) as HTMLInputElement).value).toBe(
        CALLER.username,
      );
      fireEvent.click(screen.getByTestId('create-line-random'));
      await choosePackage(/Trimestral/);
      fireEvent.click(screen.getByTestId('create-line-submit'));
      await waitFor(() => expect(onCreated).toHaveBeenCalled());
      const post = calls.find((call) => call.method === 'POST' && call.path === '/users');
      expect(post?.body).not.toHaveProperty('reseller_id');
    });

    it('a refused owner is shown under the select', async () => {
      renderModal({
        isAdmin: true,
        handlers: {
          'POST /users': {
            status: 422,
            body: {
              status: 422,
              code: 'validation_failed',
              message: LINE_MESSAGES.ownerInvalid,
              field: 'reseller_id',
            },
          },
        },
      });
      await screen.findByTestId('create-line-owner');
      fireEvent.click(screen.getByTestId('create-line-random'));
      await choosePackage(/Trimestral/);
      fireEvent.click(screen.getByTestId('create-line-submit'));
      expect(await screen.findAllByText(LINE_MESSAGES.ownerInvalid)).toHaveLength(1);
    });
  });
});
