import type { KafkaConfig, SASLOptions } from 'kafkajs';
import type { TBaseConfig } from './config.js';
import { ConfigError } from './config.js';

/**
 * The TLS and SASL part of the Kafka client's options, from the base config: a plain listener locally,
 * Strimzi's TLS listener with SCRAM-SHA-512 users in a cluster. A mechanism without its credentials stops
 * the service at boot, as any other invalid variable does.
 */
export function kafkaConnectionOptions(config: TBaseConfig): Pick<KafkaConfig, 'ssl' | 'sasl'> {
  const options: Pick<KafkaConfig, 'ssl' | 'sasl'> = {};
  if (config.KAFKA_TLS || config.KAFKA_TLS_CA) {
    options.ssl = config.KAFKA_TLS_CA ? { ca: [config.KAFKA_TLS_CA], rejectUnauthorized: true } : true;
  }
  if (config.KAFKA_SASL_MECHANISM) {
    const missing = (['KAFKA_SASL_USERNAME', 'KAFKA_SASL_PASSWORD'] as const).filter((name) => !config[name]);
    if (missing.length > 0) {
      throw new ConfigError(missing.map((name) => `${name}: required when KAFKA_SASL_MECHANISM is set`));
    }
    options.sasl = {
      mechanism: config.KAFKA_SASL_MECHANISM,
      username: config.KAFKA_SASL_USERNAME!,
      password: config.KAFKA_SASL_PASSWORD!,
    } as SASLOptions;
  } else if (config.KAFKA_SASL_USERNAME || config.KAFKA_SASL_PASSWORD) {
    throw new ConfigError([
      'KAFKA_SASL_MECHANISM: required when KAFKA_SASL_USERNAME or KAFKA_SASL_PASSWORD is set',
    ]);
  }
  return options;
}
