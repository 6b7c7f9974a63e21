import { z } from 'zod';
import { dns, gateway, ipv4Address, netmask, optionalField } from './common.ts';

/**
 * A device's IP configuration (SPEC.md §2 "network configuration", §5's required-field messages):
 * DHCP, or a static address with its mask, gateway and DNS server, the gateway inside the address's
 * subnet. The same rule checks the form and the server's body.
 */
export const networkFields = {
  dhcp: z.preprocess(
    (value) => (value === 'true' ? true : value === 'false' ? false : value),
    z.boolean({ error: 'validation.invalidValue' }),
  ),
  ip: optionalField(ipv4Address),
  mask: optionalField(netmask),
  gateway: optionalField(gateway),
  dns: optionalField(dns),
};

const numberOf = (address: string) => address.split('.').reduce((acc, octet) => acc * 256 + Number(octet), 0);

/** True when `a` and `b` share the subnet of `mask` (all dotted quads). */
export function sameSubnet(a: string, b: string, mask: string): boolean {
  const bits = numberOf(mask);
  // >>> 0 keeps the 32-bit results unsigned
  return (numberOf(a) & bits) >>> 0 === (numberOf(b) & bits) >>> 0;
}

type NetworkValues = { dhcp: boolean; ip?: string; mask?: string; gateway?: string; dns?: string };

/** Static addressing needs every field, and the gateway inside the subnet. */
export function networkRule(values: NetworkValues, ctx: z.RefinementCtx): void {
  if (values.dhcp) return;
  const required = [
    ['ip', 'validation.ipRequired'],
    ['mask', 'validation.maskRequired'],
    ['gateway', 'validation.gatewayRequired'],
    ['dns', 'validation.dnsRequired'],
  ] as const;
  let complete = true;
  for (const [field, message] of required) {
    if (values[field] === undefined) {
      ctx.addIssue({ code: 'custom', path: [field], message });
      complete = false;
    }
  }
  if (complete && !sameSubnet(values.ip!, values.gateway!, values.mask!))
    ctx.addIssue({ code: 'custom', path: ['gateway'], message: 'validation.gatewaySubnet' });
}

export const networkForm = z.object(networkFields).superRefine(networkRule);
export type NetworkForm = z.output<typeof networkForm>;
