import { Alert, Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { CheckoutInput, CheckoutOrder, PaymentResult } from '../../../common/contracts/billing';
import { formatPrice } from '../../../common/money';
import { refreshAccount } from '../../app/account';
import { toast } from '../../app/toast';
import { billingKeys, createOrder, payTestOrder } from './api';
import { destinationAfterPayment, PAYMENT_MESSAGES, payWithRazorpay } from './checkout';
import { useLocale, useT } from './i18n';

type TestOutcome = 'success' | 'failure';

interface PendingTestOrder {
  order: CheckoutOrder;
  input: CheckoutInput;
}

export interface Checkout {
  /** Creates the order and opens Razorpay or the test checkout; ignored while one is already running. */
  start: (input: CheckoutInput) => void;
  /** True from the click until the checkout window opens or the payment settles. */
  busy: boolean;
  /** The test checkout's dialog: render it once in the page that uses the checkout. */
  dialog: ReactNode;
}

/**
 * One checkout for plans and courses: the server creates the order (and decides the amount), the buyer pays
 * in Razorpay's window or in the local test checkout, the server verifies, and the page moves on to what
 * was bought.
 */
export function useCheckout(): Checkout {
  const t = useT();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  // A ref as well as state: two clicks in the same frame must not both create an order.
  const running = useRef(false);
  const [testOrder, setTestOrder] = useState<PendingTestOrder | null>(null);
  const [testRequest, setTestRequest] = useState<TestOutcome | null>(null);

  const finish = async (input: CheckoutInput, result: PaymentResult) => {
    if (result.status !== 'paid') {
      toast('danger', result.message ?? t(PAYMENT_MESSAGES.failed));
      return;
    }
    toast('success', t(result.granted ? PAYMENT_MESSAGES.received : PAYMENT_MESSAGES.notGranted));
    // The plan name in the profile box and the "ended" hold come from /api/auth/me.
    await refreshAccount().catch(() => undefined);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: billingKeys.subscription }),
      queryClient.invalidateQueries({ queryKey: billingKeys.allHistory }),
      queryClient.invalidateQueries({ queryKey: ['catalog'] }),
      queryClient.invalidateQueries({ queryKey: ['learning'] }),
    ]);
    navigate(destinationAfterPayment(input));
  };

  const start = (input: CheckoutInput) => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    const done = () => {
      running.current = false;
      setBusy(false);
    };
    void (async () => {
      try {
        const order = await createOrder(input);
        if (order.provider === 'test') {
          setTestOrder({ order, input });
          return;
        }
        const outcome = await payWithRazorpay(order);
        if (outcome.result) await finish(input, outcome.result);
        else if (outcome.failure) toast('danger', outcome.failure);
        else toast('info', t(PAYMENT_MESSAGES.cancelled));
      } catch (error) {
        toast('danger', error instanceof Error ? error.message : t(PAYMENT_MESSAGES.failed));
      } finally {
        done();
      }
    })();
  };

  const payTest = async (outcome: TestOutcome) => {
    if (!testOrder || testRequest) return;
    setTestRequest(outcome);
    try {
      const result = await payTestOrder(testOrder.order.orderId, outcome);
      setTestOrder(null);
      await finish(testOrder.input, result);
    } catch (error) {
      toast('danger', error instanceof Error ? error.message : t(PAYMENT_MESSAGES.failed));
    } finally {
      setTestRequest(null);
    }
  };

  const closeTest = () => {
    if (testRequest) return;
    setTestOrder(null);
    toast('info', t(PAYMENT_MESSAGES.cancelled));
  };

  const dialog = (
    <TestCheckoutDialog
      order={testOrder?.order ?? null}
      request={testRequest}
      onPay={() => void payTest('success')}
      onDecline={() => void payTest('failure')}
      onClose={closeTest}
    />
  );
  return { start, busy, dialog };
}

/** The local stand-in for Razorpay when no keys are set: clearly marked, no money moves. */
function TestCheckoutDialog(props: {
  order: CheckoutOrder | null;
  request: TestOutcome | null;
  onPay: () => void;
  onDecline: () => void;
  onClose: () => void;
}) {
  const t = useT();
  const locale = useLocale();
  const { order, request } = props;
  return (
    <Modal
      opened={order !== null}
      onClose={props.onClose}
      title={t('billing.test.title')}
      closeOnClickOutside={request === null}
      closeOnEscape={request === null}
      withCloseButton={request === null}
      centered
    >
      {order && (
        <Stack>
          <Alert color="yellow" icon={<IconFlask size={18} />}>
            {t('billing.test.notice')}
          </Alert>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Text>{order.description}</Text>
            <Badge color="yellow" variant="light">
              {t('billing.test.badge')}
            </Badge>
          </Group>
          <Text fw={700} size="xl" data-testid="test-checkout-amount">
            {formatPrice(order.amount, order.currency, undefined, locale)}
          </Text>
          <Group justify="flex-end">
            <Button
              variant="default"
              onClick={props.onDecline}
              loading={request === 'failure'}
              disabled={request === 'success'}
            >
              {t('billing.test.decline')}
            </Button>
            <Button
              onClick={props.onPay}
              loading={request === 'success'}
              disabled={request === 'failure'}
              data-autofocus
            >
              {t('billing.test.pay')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
