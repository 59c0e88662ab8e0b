{{/*
dealflow-common.app: the Kubernetes objects of one deployable from its values:
  image.{repository,tag,pullPolicy}, replicas, port, env (map), envFrom (list of configMap/secret names),
  secretEnv (map VAR -> {secret, key}), probes.{liveness,readiness} (paths), resources, autoscaling,
  podDisruptionBudget.
*/}}
{{- define "dealflow-common.fullname" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "dealflow-common.labels" -}}
app.kubernetes.io/name: {{ include "dealflow-common.fullname" . }}
app.kubernetes.io/part-of: dealflow
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ .Chart.Name }}-{{ .Chart.Version }}
{{- end -}}

{{- define "dealflow-common.app" -}}
{{- $name := include "dealflow-common.fullname" . -}}
apiVersion: apps/v1
kind: Deployment
metadata:
  name: {{ $name }}
  labels:
    {{- include "dealflow-common.labels" . | nindent 4 }}
spec:
  {{- if not .Values.autoscaling.enabled }}
  replicas: {{ .Values.replicas }}
  {{- end }}
  selector:
    matchLabels:
      app.kubernetes.io/name: {{ $name }}
  strategy:
    type: RollingUpdate
    rollingUpdate: { maxUnavailable: 0, maxSurge: 1 }
  template:
    metadata:
      labels:
        {{- include "dealflow-common.labels" . | nindent 8 }}
    spec:
      securityContext:
        runAsNonRoot: true
        runAsUser: {{ .Values.runAsUser | default 1000 }}
        seccompProfile: { type: RuntimeDefault }
      terminationGracePeriodSeconds: 30
      containers:
        - name: {{ $name }}
          image: "{{ .Values.image.repository }}:{{ .Values.image.tag | default .Chart.AppVersion }}"
          imagePullPolicy: {{ .Values.image.pullPolicy }}
          ports:
            - name: http
              containerPort: {{ .Values.port }}
          env:
            - name: HOST
              value: "0.0.0.0"
            - name: PORT
              value: {{ .Values.port | quote }}
            {{- range $key, $value := .Values.env }}
            - name: {{ $key }}
              value: {{ $value | quote }}
            {{- end }}
            {{- range $key, $ref := .Values.secretEnv }}
            - name: {{ $key }}
              valueFrom:
                secretKeyRef: { name: {{ $ref.secret }}, key: {{ $ref.key }} }
            {{- end }}
          {{- with .Values.envFrom }}
          envFrom:
            {{- range .configMaps }}
            - configMapRef: { name: {{ . }} }
            {{- end }}
            {{- range .secrets }}
            - secretRef: { name: {{ . }} }
            {{- end }}
          {{- end }}
          livenessProbe:
            httpGet: { path: {{ .Values.probes.liveness }}, port: http }
            periodSeconds: 10
            failureThreshold: 3
          readinessProbe:
            httpGet: { path: {{ .Values.probes.readiness }}, port: http }
            periodSeconds: 5
            failureThreshold: 2
          startupProbe:
            httpGet: { path: {{ .Values.probes.liveness }}, port: http }
            periodSeconds: 2
            failureThreshold: 60
          resources:
            {{- toYaml .Values.resources | nindent 12 }}
          securityContext:
            allowPrivilegeEscalation: false
            readOnlyRootFilesystem: {{ .Values.readOnlyRootFilesystem | default true }}
            capabilities: { drop: ["ALL"] }
          {{- if .Values.readOnlyRootFilesystem | default true }}
          volumeMounts:
            - { name: tmp, mountPath: /tmp }
          {{- end }}
      {{- if .Values.readOnlyRootFilesystem | default true }}
      volumes:
        - { name: tmp, emptyDir: {} }
      {{- end }}
---
apiVersion: v1
kind: Service
metadata:
  name: {{ $name }}
  labels:
    {{- include "dealflow-common.labels" . | nindent 4 }}
spec:
  selector:
    app.kubernetes.io/name: {{ $name }}
  ports:
    - name: http
      port: {{ .Values.port }}
      targetPort: http
{{- if .Values.autoscaling.enabled }}
---
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: {{ $name }}
  labels:
    {{- include "dealflow-common.labels" . | nindent 4 }}
spec:
  scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: {{ $name }} }
  minReplicas: {{ .Values.autoscaling.minReplicas }}
  maxReplicas: {{ .Values.autoscaling.maxReplicas }}
  metrics:
    - type: Resource
      resource:
        name: cpu
        target: { type: Utilization, averageUtilization: {{ .Values.autoscaling.targetCPUUtilizationPercentage }} }
{{- end }}
{{- if .Values.podDisruptionBudget.enabled }}
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: {{ $name }}
  labels:
    {{- include "dealflow-common.labels" . | nindent 4 }}
spec:
  minAvailable: 1
  selector:
    matchLabels:
      app.kubernetes.io/name: {{ $name }}
{{- end }}
{{- end -}}
